import type { ReactNode } from 'react';
import { SafeLink } from '../../src/renderer/SafeLink';
import { BlockIcon } from './icons';

/** The shape shared by schemas' callToAction and announcementAction (blockParts.json). */
export interface ActionLike {
  text?: string;
  href?: string;
  action?: string;
  target?: '_self' | '_blank';
  icon?: string;
}

/** Where the action goes: an @event wins over the link, as in the banner. */
export const actionTarget = (action: ActionLike | undefined): string => (action?.action || action?.href || '').trim();

/** §5.2: a banner or announcement action shows only with text and an href or action. */
export const isActionShown = (action: ActionLike | undefined): action is ActionLike & { text: string } =>
  Boolean(action?.text?.trim()) && actionTarget(action) !== '';

/** A call to action drawn as a link; nothing when §5.2 says it must not show. */
export function CallToAction({ action, className, children }: { action: ActionLike | undefined; className: string; children?: ReactNode }) {
  if (!isActionShown(action)) return null;
  return (
    <SafeLink className={className} href={actionTarget(action)} target={action.target}>
      {action.icon && <BlockIcon name={action.icon} />}
      <span>{action.text}</span>
      {children}
    </SafeLink>
  );
}
