import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { AnnouncementV2Properties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { BlockIcon } from './content/icons';
import { RichText } from './content/richText';
import { AnnouncementAction, DismissButton, useDismissal } from './content/announcementParts';
import { isActionShown } from './content/callToAction';
import { ANNOUNCEMENT_RADIUS } from './announcement';
import './announcementV2.css';

/** The icon a variant shows when the editor chose none. */
export const VARIANT_ICONS = { info: 'info', success: 'check-circle', warning: 'warning', error: 'error' } as const;

/** An announcement with a title, body, image and up to two actions; variants take the theme's status colours. */
export default function AnnouncementV2({ properties: p, block, mode }: BlockProps<AnnouncementV2Properties>) {
  const [dismissed, dismiss] = useDismissal(block.uid, Boolean(p.dismissible) && mode !== 'preview');
  if (dismissed) return null;
  const variant = p.variant ?? 'info';
  const style = {
    color: p.textColor || undefined,
    background: p.backgroundColor || undefined,
    borderRadius: p.borderRadius || ANNOUNCEMENT_RADIUS,
  } as CSSProperties;
  const actions = [p.action, p.secondaryAction].some(isActionShown);
  return (
    <aside
      className={`announcement-v2 announcement-v2--${variant} announcement-v2--${p.alignment ?? 'center'}${p.dismissible ? ' announcement-v2--dismissible' : ''}`}
      style={style}
      aria-label={p.title?.trim() || 'Announcement'}
    >
      {p.image ? (
        <BlockImage className="announcement-v2__image" image={p.image} sizes="6rem" />
      ) : (
        <BlockIcon name={p.icon || VARIANT_ICONS[variant]} className="announcement-v2__icon" />
      )}
      <div className="announcement-v2__content">
        {p.title?.trim() && <h2 className="announcement-v2__title">{p.title}</h2>}
        <RichText className="announcement-v2__text" html={p.text} />
      </div>
      {actions && (
        <div className="announcement-v2__actions">
          <AnnouncementAction action={p.action} className="announcement-v2__action" />
          <AnnouncementAction action={p.secondaryAction} className="announcement-v2__action" />
        </div>
      )}
      {p.dismissible && <DismissButton onDismiss={dismiss} className="announcement-v2__dismiss" />}
    </aside>
  );
}
