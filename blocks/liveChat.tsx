import { useEffect, useId, useRef, useState } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { LiveChatProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { BlockIcon } from './content/icons';
import './liveChat.css';

type Group = NonNullable<LiveChatProperties['group']>;

/** §6 live chat groups. */
export const CHAT_GROUPS = { pro: 1, integrations: 2, support: 3, studio: 4 } as const;
/** §6: chats go to support unless a team is chosen. */
export const DEFAULT_CHAT_GROUP = 'support' as const;

const GROUP_NAMES: Record<Group, string> = { general: 'Support', pro: 'Pro', integrations: 'Integrations', support: 'Support', studio: 'Studio' };

/** The §6 group id a chat of this block is routed to ("general" leaves it to the default group). */
export const chatGroupId = (group: Group | undefined): number => CHAT_GROUPS[!group || group === 'general' ? DEFAULT_CHAT_GROUP : group];

/** §4: the chat notification appears after showAfterSeconds × 1000 ms. */
export const notificationDelayMs = (showAfterSeconds: number | undefined): number => Math.max(0, showAfterSeconds ?? 0) * 1000;

/** §4: the opened flag and the group are kept in local storage, so the panel survives a page change. */
export const CHAT_STORAGE_KEY = 'pod:liveChat';

function readOpened(): boolean {
  try {
    return (JSON.parse(window.localStorage.getItem(CHAT_STORAGE_KEY) ?? '{}') as { opened?: boolean }).opened === true;
  } catch {
    return false;
  }
}

function writeState(opened: boolean, group: number) {
  try {
    window.localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify({ opened, group }));
  } catch {
    // Storage may be refused (private browsing); the panel still works for this page.
  }
}

/** There is no chat service in this build, so the panel offers email with the team and context filled in. */
export function chatMailto(p: Pick<LiveChatProperties, 'group' | 'title' | 'contactEmail'>): string {
  const team = GROUP_NAMES[p.group ?? 'general'];
  const subject = `${p.title?.trim() || 'Question'} – ${team} team (group ${chatGroupId(p.group)})`;
  return `mailto:${encodeURIComponent(p.contactEmail ?? '')}?subject=${encodeURIComponent(subject)}`;
}

/**
 * A floating chat invitation (§4 live chat, §6 groups): after showAfterSeconds the button and a short
 * notification appear; the button opens a small panel. In the builder it is drawn in place at once, so
 * it can be edited without waiting or covering the canvas.
 */
export default function LiveChat({ properties: p, mode }: BlockProps<LiveChatProperties>) {
  const inline = mode === 'preview';
  const delay = notificationDelayMs(p.showAfterSeconds);
  const [visible, setVisible] = useState(inline || delay === 0);
  const [open, setOpen] = useState(() => !inline && readOpened());
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const group = chatGroupId(p.group);

  useEffect(() => {
    if (visible) return;
    const timer = window.setTimeout(() => setVisible(true), delay);
    return () => window.clearTimeout(timer);
  }, [visible, delay]);

  const toggle = (next: boolean) => {
    setOpen(next);
    if (!inline) writeState(next, group);
  };

  useEffect(() => {
    if (!open || !visible) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (!inline) writeState(false, group);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, visible, inline, group]);

  const pro = p.buttonStyle === 'pro';
  const look = pro ? 'live-chat__button--pro' : p.buttonStyle === 'primary' || p.buttonStyle === 'secondary' ? `pod-button--${p.buttonStyle}` : 'live-chat__button--default';

  return (
    <div className={`live-chat${inline ? ' live-chat--inline' : ' live-chat--floating'}`} aria-live="polite" data-chat-group={group}>
      {visible && (
        <>
          {open ? (
            <div ref={panel} id={panelId} className="live-chat__panel" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
              <div className="live-chat__panel-head">
                <h2 id={titleId} className="live-chat__title">
                  {p.title}
                </h2>
                <button type="button" className="live-chat__close" aria-label="Close chat" onClick={() => toggle(false)}>
                  <BlockIcon name="close" />
                </button>
              </div>
              <div className="live-chat__panel-body">
                {p.image && <BlockImage className="live-chat__image" image={p.image} sizes="3rem" />}
                {p.body?.trim() && <p className="live-chat__body">{p.body}</p>}
                <p className="live-chat__offline">Live chat isn&apos;t available right now. Email our {GROUP_NAMES[p.group ?? 'general']} team and we&apos;ll get back to you.</p>
                <SafeLink className="pod-button pod-button--primary live-chat__email" href={chatMailto(p)}>
                  <BlockIcon name="mail" />
                  <span>Email us</span>
                </SafeLink>
              </div>
            </div>
          ) : (
            !noticeDismissed && (
              <div className="live-chat__notice">
                {p.image && <BlockImage className="live-chat__image" image={p.image} sizes="3rem" />}
                <div className="live-chat__notice-text">
                  <strong className="live-chat__notice-title">{p.title}</strong>
                  {p.body?.trim() && <span className="live-chat__notice-body">{p.body}</span>}
                </div>
                <button type="button" className="live-chat__notice-dismiss" aria-label="Dismiss chat invitation" onClick={() => setNoticeDismissed(true)}>
                  <BlockIcon name="close" />
                </button>
              </div>
            )
          )}
          <button
            ref={button}
            type="button"
            className={`pod-button live-chat__button ${look}`}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => toggle(!open)}
          >
            <BlockIcon name={open ? 'close' : 'chat'} />
            <span>{open ? 'Close' : p.buttonText}</span>
          </button>
        </>
      )}
    </div>
  );
}
