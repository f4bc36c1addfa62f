import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { SlideProperties } from '../src/core/generated/blockProperties';
import { Backdrop } from './shared/Backdrop';
import { legibleText } from './shared/legibleText';
import { SafeLink } from '../src/renderer/SafeLink';
import { BANNER_COPY_MAX, BANNER_TITLE_MAX, truncate } from '../src/core/text';
import { textShadowCss } from '../src/renderer/style';
import './slide.css';

/** One slide: a background image under an overlay, with title, copy, an action (§5.2: text and a target) and any child blocks. */
export default function Slide({ properties: p, block, children }: BlockProps<SlideProperties>) {
  const action = p.action;
  const actionHref = action?.action || action?.href;
  // Text stays at WCAG AA over the measured picture: the overlay darkens, or the shadow deepens, only as far as needed.
  const legible = legibleText(p);
  const style = {
    '--slide-text': p.textColor || '#fff',
    textAlign: p.textAlign ?? 'center',
    textShadow: textShadowCss(legible.textShadow),
  } as CSSProperties;
  const hasText = Boolean(p.title || p.copy || (action?.text && actionHref));
  return (
    <div className={`slide slide--align-${p.textAlign ?? 'center'}`} style={style}>
      {/* The first slide is the page's first large image: load it at once; later ones are preloaded by the slideshow. */}
      <Backdrop image={p.image} overlayColor={p.overlayColor} overlayOpacity={legible.overlayOpacity} eager={block.order === 0} />
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
