import { MIN_CONTRAST } from '../../core/theme/contrast';
import { legibleText, type TextOverImage } from '../../../blocks/shared/legibleText';

/** Blocks that set text over a picture; the storefront keeps their text at WCAG AA (src/core/legibility.ts). */
export const TEXT_OVER_IMAGE_TYPES: ReadonlySet<string> = new Set(['banner', 'slide']);

const ratio = (n: number) => `${n.toFixed(1)}:1`;

/**
 * Tells the owner when their text colour, overlay and shadow fail WCAG AA on the chosen picture, and what the shop
 * draws instead, so the owner can pick their own fix. Says so too when the picture's brightness is unknown.
 */
export function LegibilityNotice({ type, properties }: { type: string; properties: Record<string, unknown> }) {
  if (!TEXT_OVER_IMAGE_TYPES.has(type)) return null;
  const p = properties as TextOverImage & { title?: string; copy?: string; image?: { src?: string } };
  if (!p.image?.src || !(p.title || p.copy)) return null;
  const result = legibleText(p);
  if (!result.measured) {
    return (
      <p className="panel-legibility panel-legibility--unknown" role="status" aria-label="Text legibility">
        This picture was not measured (only uploaded pictures are), so the shop cannot check that its text is legible. Upload it to have it checked.
      </p>
    );
  }
  if (result.passes) return null;
  const fix =
    result.textShadow === 'heavy' && result.textShadow !== p.textShadow
      ? 'adds a heavy text shadow, as no overlay of this colour is enough. Choose a text colour that stands out from the picture, or an overlay colour opposite to the text.'
      : `darkens the overlay to ${Math.round(result.overlayOpacity * 100)}% (${ratio(result.effectiveRatio)}). Set the overlay opacity to at least ${result.overlayOpacity}, or choose a darker picture or another text colour, to keep your own look.`;
  return (
    <div className="panel-legibility" role="status" aria-label="Text legibility">
      <strong>Text hard to read on this picture</strong>
      <p>
        Contrast is {ratio(result.ratio)}; WCAG AA needs {ratio(MIN_CONTRAST)}. So shoppers can read it, the shop {fix}
      </p>
    </div>
  );
}
