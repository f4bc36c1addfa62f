import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { CardProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { RATIOS } from '../src/renderer/style';
import { RichText } from './content/richText';
import { CallToAction } from './content/callToAction';
import { ALIGN_FLEX } from './shared/align';
import './card.css';

/** The text alignment, which may differ by device (x-ui.responsive), as card.css reads it. */
export const responsiveStyle = (p: CardProperties) => ({ '--card-align': p.textAlign ?? 'left', '--card-action-align': ALIGN_FLEX[p.textAlign ?? 'left'] });

/**
 * A boxed panel (theme card family): image, heading, copy and an optional action. With a card link the
 * whole card is clickable through the title link stretched over it, so keyboards and screen readers meet
 * one link, not one per part; the action keeps its own destination above that overlay.
 */
export default function Card({ properties: p, block }: BlockProps<CardProperties>) {
  const href = p.href?.trim();
  const style = {
    '--card-ratio': RATIOS[p.ratio ?? '4:3'],
    '--card-block-radius': p.borderRadius || undefined,
    color: p.textColor || undefined,
    background: p.backgroundColor || undefined,
  } as CSSProperties;
  const title = p.title?.trim();
  return (
    <article className={`card${p.shadow === false ? '' : ' card--shadow'}${href ? ' card--linked' : ''}`} style={style}>
      {p.image && (
        <div className="card__media">
          <BlockImage className="card__image" image={p.image} sizes="(min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw" eager={block.order === 0} />
        </div>
      )}
      <div className="card__body">
        {title && (
          <h3 className="card__title">
            {href ? (
              <SafeLink className="card__link content-stretched-link" href={href}>
                {title}
              </SafeLink>
            ) : (
              title
            )}
          </h3>
        )}
        <RichText className="card__copy" html={p.copy} />
        <CallToAction action={p.action} className="pod-button pod-button--primary card__action" />
      </div>
    </article>
  );
}
