import { POD_BASE_WIDTH } from '../src/core/images';
import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { PodProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { RATIOS } from '../src/renderer/style';
import { RichText } from './content/richText';
import { useMoney } from './commerce/store';
import { useReducedMotion } from './content/reducedMotion';
import './pod.css';

/** §5.2 pod title size bounds; each step is one size of the heading scale (pod.css .pod__title--N). */
export const POD_TITLE_SIZE_MIN = 0;
export const POD_TITLE_SIZE_MAX = 4;

/** §5.2: the only button style overrides a pod may carry. */
export const POD_BUTTON_STYLE_KEYS = ['textColor', 'backgroundColor', 'borderColor', 'borderRadius', 'fill'] as const;

type ButtonStyles = NonNullable<PodProperties['buttonStyles']>;

export const clampTitleSize = (size: number | undefined): number =>
  Math.min(POD_TITLE_SIZE_MAX, Math.max(POD_TITLE_SIZE_MIN, Math.round(size ?? 2)));

/** The button's CSS variables from the allowed keys only; anything else in stored data is ignored. */
export function podButtonStyle(styles: ButtonStyles | undefined): CSSProperties {
  const s = (styles ?? {}) as Record<(typeof POD_BUTTON_STYLE_KEYS)[number], unknown>;
  const vars: Record<string, string> = {};
  if (typeof s.textColor === 'string' && s.textColor) vars['--pod-button-text'] = s.textColor;
  if (typeof s.backgroundColor === 'string' && s.backgroundColor) vars['--pod-button-background'] = s.backgroundColor;
  if (typeof s.borderColor === 'string' && s.borderColor) vars['--pod-button-border'] = s.borderColor;
  if (typeof s.borderRadius === 'string' && s.borderRadius) vars['--pod-button-radius'] = s.borderRadius;
  return vars as CSSProperties;
}

/** "Content" (§3 pod): image or video, badge, title, copy, price and a button; the tile is one link. */
export default function Pod({ properties: p, block }: BlockProps<PodProperties>) {
  const money = useMoney();
  // Video plays itself only for visitors who have not asked for reduced motion.
  const reducedMotion = useReducedMotion();
  const titleSize = clampTitleSize(p.titleSize);
  const hasPrice = typeof p.price === 'number';
  const onSale = hasPrice && typeof p.salePrice === 'number' && p.salePrice < p.price!;
  const linkText = p.buttonText?.trim();
  const hasLink = Boolean(p.href?.trim());
  const outline = p.buttonStyles?.fill === false;
  const style = {
    '--pod-ratio': RATIOS[p.ratio ?? 'square'],
    color: p.textColor || undefined,
    background: p.backgroundColor || undefined,
    textAlign: p.textAlign ?? 'center',
  } as CSSProperties;

  const title = p.title?.trim() ? (
    <h3 className={`pod__title pod__title--${titleSize}`}>
      {/* Without a button the title carries the link, stretched over the tile: still one focusable link. */}
      {hasLink && !linkText ? (
        <SafeLink className="pod__title-link content-stretched-link" href={p.href!} target={p.target}>
          {p.title}
        </SafeLink>
      ) : (
        p.title
      )}
    </h3>
  ) : null;

  return (
    <article
      className={`pod pod--align-${p.textAlign ?? 'center'} pod--text-${p.textSize ?? 'large'}${p.backgroundColor ? ' pod--boxed' : ''}`}
      style={style}
    >
      {(p.video || p.image) && (
        <div className="pod__media">
          {p.video ? (
            <video
              className="pod__video"
              src={p.video}
              poster={p.image?.src}
              muted
              loop
              playsInline
              autoPlay={!reducedMotion}
              controls={reducedMotion}
              preload="metadata"
              aria-label={p.image?.alt || p.title || undefined}
            />
          ) : (
            <BlockImage className="pod__image" image={p.image} sizes="(min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw" eager={block.order === 0} width={POD_BASE_WIDTH} height={POD_BASE_WIDTH} />
          )}
          {p.badge?.trim() && <span className="pod__badge">{p.badge}</span>}
        </div>
      )}
      <div className="pod__body">
        {!p.video && !p.image && p.badge?.trim() && <span className="pod__badge pod__badge--inline">{p.badge}</span>}
        {title}
        <RichText className="pod__copy" html={p.copy} />
        {hasPrice && (
          <p className="pod__price">
            {p.pricePrefix?.trim() && <span className="pod__price-prefix">{p.pricePrefix} </span>}
            {onSale ? (
              <>
                <span className="visually-hidden">Was </span>
                <del className="pod__price-was">{money(p.price!)}</del>{' '}
                <span className="visually-hidden">now </span>
                <ins className="pod__price-now">{money(p.salePrice!)}</ins>
              </>
            ) : (
              <span className="pod__price-now">{money(p.price!)}</span>
            )}
          </p>
        )}
        {linkText && hasLink && (
          <SafeLink
            className={`pod-button pod-button--primary pod__button content-stretched-link${outline ? ' pod__button--outline' : ''}`}
            href={p.href!}
            target={p.target}
            style={podButtonStyle(p.buttonStyles)}
          >
            {linkText}
          </SafeLink>
        )}
      </div>
    </article>
  );
}
