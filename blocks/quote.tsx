import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { QuoteProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { textShadowCss } from '../src/renderer/style';
import { ALIGN_FLEX } from './shared/align';
import './quote.css';

export const MAX_RATING = 5;

/** Font size and alignment, which may differ by device (x-ui.responsive), as quote.css reads them. */
export function responsiveStyle(p: QuoteProperties) {
  const align = p.align ?? 'right';
  return {
    '--quote-size': `${p.fontSize ?? 24}px`,
    '--quote-align': align,
    '--quote-items': ALIGN_FLEX[align],
    // The author's photo sits on the side the quote is aligned to.
    '--quote-author-direction': align === 'right' ? 'row-reverse' : 'row',
  };
}

/** A testimonial: the quote, then who said it; §3 defaults (Lato 24px, right, #222 on #fff, 4px) come from the schema. */
export default function Quote({ properties: p }: BlockProps<QuoteProperties>) {
  // An emptied property falls back to the theme's quote look rather than to nothing.
  const style = {
    fontFamily: p.font ? `'${p.font}', var(--quote-font, var(--primary-font, sans-serif))` : undefined,
    color: p.textColor || 'var(--quote-text-color, var(--text-color, #222))',
    background: p.backgroundColor || 'var(--quote-background, #fff)',
    borderRadius: p.borderRadius || 'var(--quote-radius, var(--border-radius, 4px))',
    textShadow: textShadowCss(p.textShadow),
  } as CSSProperties;
  const rating = Math.max(0, Math.min(MAX_RATING, Math.round(p.rating ?? 0)));
  return (
    <figure className="quote" style={style}>
      {rating > 0 && (
        <p className="quote__rating" role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`}>
          {Array.from({ length: MAX_RATING }, (_, i) => (
            <span key={i} aria-hidden="true" className={i < rating ? 'quote__star quote__star--on' : 'quote__star'}>
              ★
            </span>
          ))}
        </p>
      )}
      <blockquote className="quote__text">
        <p>{p.text}</p>
      </blockquote>
      {(p.author || p.authorTitle) && (
        <figcaption className="quote__author">
          {p.image?.src && <BlockImage className="quote__photo" image={p.image} sizes="48px" />}
          <span className="quote__who">
            {p.author && <cite className="quote__name">{p.author}</cite>}
            {p.authorTitle && <span className="quote__role">{p.authorTitle}</span>}
          </span>
        </figcaption>
      )}
    </figure>
  );
}
