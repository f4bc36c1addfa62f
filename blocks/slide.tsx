import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { SlideProperties } from '../src/core/generated/blockProperties';
import { Backdrop } from './shared/Backdrop';
import { legibleText } from './shared/legibleText';
import { SafeLink } from '../src/renderer/SafeLink';
import { BANNER_COPY_MAX, BANNER_TITLE_MAX, truncate } from '../src/core/text';
import { textShadowCss } from '../src/renderer/style';
import { ALIGN_MARGIN } from './shared/align';
import './slide.css';

/**
 * The alignment, which may differ by device (x-ui.responsive), as slide.css reads it. The text stays at WCAG AA over
 * the measured picture wherever it sits: the overlay darkens, or the shadow deepens, only as far as needed.
 */
export function responsiveStyle(p: SlideProperties) {
  const align = p.textAlign ?? 'center';
  const legible = legibleText(p);
  return {
    '--slide-align': align,
    '--slide-copy-margin': ALIGN_MARGIN[align],
    '--slide-overlay-opacity': legible.overlayOpacity,
    '--slide-text-shadow': textShadowCss(legible.textShadow) ?? 'none',
  };
}

/** One slide: a background image under an overlay, with title, copy, an action (§5.2: text and a target) and any child blocks. */
export default function Slide({ properties: p, block, children }: BlockProps<SlideProperties>) {
  const action = p.action;
  const actionHref = action?.action || action?.href;
  const style = { '--slide-text': p.textColor || '#fff' } as CSSProperties;
  const hasText = Boolean(p.title || p.copy || (action?.text && actionHref));
  return (
    <div className="slide" style={style}>
      {/* The first slide is the page's first large image: load it at once; later ones are preloaded by the slideshow. */}
      <Backdrop image={p.image} overlayColor={p.overlayColor} overlayOpacity="var(--slide-overlay-opacity)" eager={block.order === 0} />
      {(hasText || children) && (
        <div className="slide__content">
          {p.title && <h2 className="slide__title">{truncate(p.title, BANNER_TITLE_MAX)}</h2>}
          {p.copy && <p className="slide__copy">{truncate(p.copy, BANNER_COPY_MAX)}</p>}
          {action?.text && actionHref && (
            <SafeLink className="pod-button pod-button--primary slide__action" href={actionHref} target={action.target}>
              {action.text}
            </SafeLink>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
