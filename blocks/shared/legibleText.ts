import { legibility, type ImageTone, type Legibility, type TextPosition, type TextShadowLevel } from '../../src/core/legibility';
import { DEFAULT_OVERLAY_OPACITY } from './Backdrop';

/** The properties of a block that sets text over a picture (banner, slide). */
export interface TextOverImage {
  image?: { tone?: ImageTone };
  textColor?: string;
  overlayColor?: string;
  overlayOpacity?: number;
  textShadow?: TextShadowLevel;
  textAlign?: TextPosition;
}

/** The overlay and text shadow that keep the block's text at WCAG AA over its measured picture (§3 text shadow levels). */
export function legibleText(p: TextOverImage, defaultTextColour = '#ffffff'): Legibility {
  return legibility({
    tone: p.image?.tone,
    align: p.textAlign,
    textColour: p.textColor || defaultTextColour,
    overlayColour: p.overlayColor || '#000000',
    overlayOpacity: p.overlayOpacity ?? DEFAULT_OVERLAY_OPACITY,
    textShadow: p.textShadow,
  });
}
