import type { CSSProperties } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { AnnouncementProperties } from '../src/core/generated/blockProperties';
import { BlockIcon } from './content/icons';
import { AnnouncementAction, DismissButton, useDismissal } from './content/announcementParts';
import './announcement.css';

/** §9 announcement radius. */
export const ANNOUNCEMENT_RADIUS = '4px';

/** A slim bar with a message, an optional icon and an action (§5.2 style and alignment rules). */
export default function Announcement({ properties: p, block, mode }: BlockProps<AnnouncementProperties>) {
  const [dismissed, dismiss] = useDismissal(block.uid, Boolean(p.dismissible) && mode !== 'preview');
  if (dismissed) return null;
  const style = {
    color: p.textColor || undefined,
    background: p.backgroundColor || undefined,
    borderRadius: p.borderRadius || ANNOUNCEMENT_RADIUS,
  } as CSSProperties;
  return (
    <div className={`announcement-block announcement-block--${p.alignment ?? 'center'}${p.dismissible ? ' announcement-block--dismissible' : ''}`} style={style} role="region" aria-label="Announcement">
      <p className="announcement-block__message">
        <BlockIcon name={p.icon} className="announcement-block__icon" />
        <span>{p.text}</span>
      </p>
      <AnnouncementAction action={p.action} className="announcement-block__action" />
      {p.dismissible && <DismissButton onDismiss={dismiss} className="announcement-block__dismiss" />}
    </div>
  );
}
