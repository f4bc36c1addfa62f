import { useState } from 'react';
import type { BlockPartsAnnouncementAction } from '../../src/core/generated/blockProperties';
import { CallToAction } from './callToAction';
import { BlockIcon } from './icons';

/** §5.2 announcement action styles, and the class each draws with ("none" is a plain text link). */
export const ANNOUNCEMENT_ACTION_CLASSES = {
  primary: 'pod-button pod-button--primary',
  secondary: 'pod-button pod-button--secondary',
  none: 'content-text-link',
} as const;

/** §5.2 alignments: where the text and the action sit in the bar. */
export const ANNOUNCEMENT_ALIGNMENTS = ['left', 'center', 'right', 'space-between'] as const;

export function AnnouncementAction({ action, className }: { action: BlockPartsAnnouncementAction | undefined; className: string }) {
  const look = ANNOUNCEMENT_ACTION_CLASSES[action?.style ?? 'primary'] ?? ANNOUNCEMENT_ACTION_CLASSES.primary;
  return <CallToAction action={action} className={`${look} ${className}`} />;
}

const storageKey = (uid: string) => `pod:dismissed:${uid}`;

/** Dismissed for the rest of the visit (session storage), so the bar does not return on every page. */
export function useDismissal(uid: string, enabled: boolean): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => {
    if (!enabled) return false;
    try {
      return window.sessionStorage.getItem(storageKey(uid)) === '1';
    } catch {
      return false;
    }
  });
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(storageKey(uid), '1');
    } catch {
      // Private browsing may refuse storage; dismissing for this page view is still honoured.
    }
  };
  return [enabled && dismissed, dismiss];
}

export function DismissButton({ onDismiss, className }: { onDismiss: () => void; className: string }) {
  return (
    <button type="button" className={className} onClick={onDismiss} aria-label="Dismiss announcement">
      <BlockIcon name="close" />
    </button>
  );
}
