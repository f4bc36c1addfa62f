import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { BannerProperties } from '../src/core/generated/blockProperties';
import { Backdrop } from './shared/Backdrop';
import { legibleText } from './shared/legibleText';
import { SafeLink } from '../src/renderer/SafeLink';
import { BANNER_COPY_MAX, BANNER_TITLE_MAX, truncate } from '../src/core/text';
import { RATIOS, textShadowCss } from '../src/renderer/style';
import { ALIGN_MARGIN } from './shared/align';
import './banner.css';

/** §9 banner constants per type: height ratio, minimum height and font scale. */
export const BANNER_TYPES = {
  standard: { ratio: 0.4, minHeight: 400, fontScale: 1 },
  compact: { ratio: 0.25, minHeight: 320, fontScale: 0.55 },
  slim: { ratio: 0.1, minHeight: 300, fontScale: 0.3 },
} as const;

/**
 * What may differ by device (x-ui.responsive: textAlign, fontScale) as banner.css reads it, per breakpoint. The text
 * stays at WCAG AA over the measured picture wherever it sits: the overlay darkens, or the shadow deepens, only as
 * far as that alignment needs.
 */
export function responsiveStyle(p: BannerProperties) {
  const align = p.textAlign ?? 'center';
  const legible = legibleText(p);
  return {
    '--banner-align': align,
    '--banner-copy-margin': ALIGN_MARGIN[align],
    '--banner-font-scale': (p.fontScale ?? 1) * BANNER_TYPES[p.type ?? 'standard'].fontScale,
    '--banner-overlay-opacity': legible.overlayOpacity,
    '--banner-text-shadow': textShadowCss(legible.textShadow) ?? 'none',
  };
}

/** A wide image with title, copy and an action that shows only with text and an href or action (§5.2). */
export default function Banner({ properties: p, block }: BlockProps<BannerProperties>) {
  const kind = BANNER_TYPES[p.type ?? 'standard'];
  const ratio = p.ratio ? RATIOS[p.ratio] : kind.ratio;
  const action = p.action;
  const actionHref = action?.action || action?.href;
  const style = {
    '--banner-ratio': ratio,
    '--banner-min-height': `${kind.minHeight}px`,
    '--banner-text': p.textColor || 'var(--banner-text-color, #fff)',
    fontFamily: p.font ? `'${p.font}', var(--primary-font, sans-serif)` : undefined,
  } as CSSProperties;
  return (
    <div className={`banner banner--${p.type ?? 'standard'}`} style={style}>
      <Backdrop image={p.image} overlayColor={p.overlayColor} overlayOpacity="var(--banner-overlay-opacity)" eager={block.order === 0} />
      <div className="banner__content">
        {p.title && <h2 className="banner__title">{truncate(p.title, BANNER_TITLE_MAX)}</h2>}
        {p.copy && <p className="banner__copy">{truncate(p.copy, BANNER_COPY_MAX)}</p>}
        {action?.text && actionHref && (
          <SafeLink className={`pod-button pod-button--${action.primary ? (p.buttonStyle ?? 'primary').replace('|', '-') : 'secondary'} banner__action`} href={actionHref} target={action.target}>
            {action.text}
          </SafeLink>
        )}
      </div>
    </div>
  );
}
