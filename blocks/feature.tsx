import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { FeatureProperties } from '../src/core/generated/blockProperties';
import { SafeLink } from '../src/renderer/SafeLink';
import { safeLink } from '../src/core/links';
import { BlockIcon } from './content/icons';
import { RichText } from './content/richText';
import { actionTarget, isActionShown } from './content/callToAction';
import './feature.css';

/** Widths of the image column beside the text, in the fixed 600px mail body. */
export const FEATURE_MAIL_WIDTH = 600;
export const FEATURE_SIDE_IMAGE_WIDTH = 200;

/**
 * One highlight of a campaign email (mail pages only). Mail clients ignore most stylesheets, so the look
 * is carried by inline styles on plain block elements — no tables, flexbox or grid: side images are
 * inline-blocks that stack where there is no room. feature.css only refines the web view.
 */
export default function Feature({ properties: p }: BlockProps<FeatureProperties>) {
  const align = p.textAlign ?? 'center';
  const position = p.imagePosition ?? 'top';
  const side = position !== 'top' && Boolean(p.image?.src);
  const colour = p.textColor || undefined;
  const root: CSSProperties = {
    maxWidth: FEATURE_MAIL_WIDTH,
    margin: '0 auto',
    padding: 24,
    background: p.backgroundColor || undefined,
    color: colour,
    textAlign: align,
    fontSize: 0, // removes the gap between the inline-block columns
  };
  const media = p.image?.src ? (
    <div className="feature__media" style={side ? { display: 'inline-block', width: FEATURE_SIDE_IMAGE_WIDTH, maxWidth: '100%', verticalAlign: 'top' } : { marginBottom: 16 }}>
      <img
        className="feature__image"
        src={safeLink(p.image.src).href}
        alt={p.image.alt ?? ''}
        width={side ? FEATURE_SIDE_IMAGE_WIDTH : FEATURE_MAIL_WIDTH - 48}
        style={{ display: 'block', width: '100%', height: 'auto', border: 0, borderRadius: 4 }}
      />
    </div>
  ) : p.icon ? (
    <div className="feature__icon" style={{ marginBottom: 12, fontSize: 40, lineHeight: 1, color: colour ?? 'var(--primary-color, #2f7d4f)' }}>
      <BlockIcon name={p.icon} />
    </div>
  ) : null;
  const text = (
    <div
      className="feature__text"
      style={{
        display: side ? 'inline-block' : 'block',
        width: side ? FEATURE_MAIL_WIDTH - 48 - FEATURE_SIDE_IMAGE_WIDTH - 24 : undefined,
        maxWidth: '100%',
        verticalAlign: 'top',
        paddingLeft: position === 'left' && side ? 24 : 0,
        paddingRight: position === 'right' && side ? 24 : 0,
        boxSizing: 'border-box',
        fontSize: 16,
        lineHeight: 1.5,
        textAlign: align,
      }}
    >
      {p.title?.trim() && <h2 style={{ margin: '0 0 8px', fontSize: 22, lineHeight: 1.25, color: colour }}>{p.title}</h2>}
      <RichText className="feature__copy" html={p.copy} />
      {isActionShown(p.action) && (
        <p style={{ margin: '16px 0 0' }}>
          <SafeLink
            className="feature__button"
            href={actionTarget(p.action)}
            target={p.action.target}
            style={{
              display: 'inline-block',
              padding: '12px 24px',
              borderRadius: 4,
              background: 'var(--button-primary-background, var(--primary-color, #2f7d4f))',
              color: 'var(--button-primary-text, var(--contrast-color, #ffffff))',
              fontWeight: 700,
              textDecoration: 'none',
            }}
          >
            {p.action.text}
          </SafeLink>
        </p>
      )}
    </div>
  );
  return (
    <div className={`feature feature--${position}`} style={root}>
      {position === 'right' ? (
        <>
          {text}
          {media}
        </>
      ) : (
        <>
          {media}
          {text}
        </>
      )}
    </div>
  );
}
