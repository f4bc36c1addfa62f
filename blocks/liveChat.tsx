import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { LiveChatProperties } from '../src/core/generated/blockProperties';
import { BlockImage } from '../src/renderer/BlockImage';
import { SafeLink } from '../src/renderer/SafeLink';
import { BlockIcon } from './content/icons';
import { useLiveChatSession } from './liveChatSession';
import { LIVE_CHAT_GROUP_LABELS, LIVE_CHAT_MESSAGE_MAX, liveChatMessages, type LiveChatGroupId } from '../src/core/liveChat';
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

function readStored(): { opened: boolean; group: number | null } {
  try {
    const stored = JSON.parse(window.localStorage.getItem(CHAT_STORAGE_KEY) ?? '{}') as { opened?: boolean; group?: unknown };
    return { opened: stored.opened === true, group: typeof stored.group === 'number' ? stored.group : null };
  } catch {
    return { opened: false, group: null };
  }
}
const readOpened = () => readStored().opened;

function writeState(opened: boolean, group: number) {
  try {
    window.localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify({ opened, group }));
  } catch {
    // Storage may be refused (private browsing); the panel still works for this page.
  }
}

/** While chat is unavailable to this visitor the panel still offers email, with the team and context filled in. */
export function chatMailto(p: Pick<LiveChatProperties, 'group' | 'title' | 'contactEmail'>): string {
  const team = GROUP_NAMES[p.group ?? 'general'];
  const subject = `${p.title?.trim() || 'Question'} – ${team} team (group ${chatGroupId(p.group)})`;
  return `mailto:${encodeURIComponent(p.contactEmail ?? '')}?subject=${encodeURIComponent(subject)}`;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * A floating live chat (§4 live chat, §6 groups): after showAfterSeconds the button and a short notification
 * appear while the group is staffed (offline hides both); the button opens the conversation — browsing, then
 * queued for the group, then chatting with a person. The opened flag and group are kept in local storage, and a
 * conversation that is under way moves to this block's group when it differs (§4 transfer). In the builder it is
 * drawn in place at once, so it can be edited without waiting or covering the canvas.
 */
export default function LiveChat({ properties: p, mode }: BlockProps<LiveChatProperties>) {
  const inline = mode === 'preview';
  const delay = notificationDelayMs(p.showAfterSeconds);
  const [delayPassed, setDelayPassed] = useState(inline || delay === 0);
  const [open, setOpen] = useState(() => !inline && readOpened());
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const [draft, setDraft] = useState('');
  const panelId = useId();
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const typingTimer = useRef<number | null>(null);
  const group = chatGroupId(p.group);
  const chat = useLiveChatSession(group, open, !inline);
  const underway = chat.status !== 'browsing';
  // §4: offline hides the widget and its notification, unless a conversation is already under way.
  const visible = inline || (delayPassed && (chat.online === true || (open && underway)));

  useEffect(() => {
    if (delayPassed) return;
    const timer = window.setTimeout(() => setDelayPassed(true), delay);
    return () => window.clearTimeout(timer);
  }, [delayPassed, delay]);

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

  // §4: when the group changed (this block's differs from the one stored) while chatting, the conversation moves
  // to this block's group; a transfer made by staff is left alone.
  const { chat: summary, transfer, read } = chat;
  const storedGroup = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (inline || !summary || summary.status !== 'chatting') return;
    storedGroup.current ??= readStored().group;
    if (storedGroup.current !== null && storedGroup.current !== group && summary.groupId !== group) void transfer(group).catch(() => undefined);
    storedGroup.current = group;
    writeState(open, group);
  }, [inline, summary, group, transfer, open]);

  // Read state: what arrives while the panel is open counts as read.
  const lastAgentMessage = [...chat.messages].reverse().find((m) => m.sender !== 'shopper');
  useEffect(() => {
    if (open && lastAgentMessage && summary && (!summary.shopperReadAt || summary.shopperReadAt < lastAgentMessage.createdAt)) read();
  }, [open, lastAgentMessage, summary, read]);

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length, chat.agentTyping]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    if (underway) chat.send(text);
    else chat.start(text);
    setDraft('');
    chat.typing(false);
  };
  const onDraft = (value: string) => {
    setDraft(value);
    if (!underway) return;
    chat.typing(value.length > 0);
    if (typingTimer.current) window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => chat.typing(false), 3000);
  };

  const pro = p.buttonStyle === 'pro';
  const look = pro ? 'live-chat__button--pro' : p.buttonStyle === 'primary' || p.buttonStyle === 'secondary' ? `pod-button--${p.buttonStyle}` : 'live-chat__button--default';
  const teamName = LIVE_CHAT_GROUP_LABELS[(summary?.groupId ?? group) as LiveChatGroupId];
  const lastOwn = [...chat.messages].reverse().find((m) => m.sender === 'shopper');
  const seen = lastOwn && summary?.agentReadAt && summary.agentReadAt >= lastOwn.createdAt;

  return (
    <div className={`live-chat${inline ? ' live-chat--inline' : ' live-chat--floating'}`} data-chat-group={group} data-chat-status={chat.status}>
      {visible && (
        <>
          {open ? (
            <div ref={panel} id={panelId} className="live-chat__panel" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
              <div className="live-chat__panel-head">
                <div>
                  <h2 id={titleId} className="live-chat__title">
                    {p.title}
                  </h2>
                  <p className="live-chat__state" aria-live="polite">
                    {chat.status === 'queued'
                      ? `Waiting for the next person in ${teamName}…`
                      : chat.status === 'chatting'
                        ? `Chatting with ${summary?.agentName || teamName}`
                        : `${teamName} team`}
                  </p>
                </div>
                <button type="button" className="live-chat__close" aria-label="Close chat" onClick={() => toggle(false)}>
                  <BlockIcon name="close" />
                </button>
              </div>
              <div className="live-chat__panel-body">
                {!underway && (
                  <div className="live-chat__intro">
                    {p.image && <BlockImage className="live-chat__image" image={p.image} sizes="3rem" />}
                    {p.body?.trim() && <p className="live-chat__body">{p.body}</p>}
                  </div>
                )}
                {chat.messages.length > 0 && (
                  <ol ref={log} className="live-chat__log" aria-label="Conversation" aria-live="polite">
                    {chat.messages.map((m) => (
                      <li key={m.id} className={`live-chat__message live-chat__message--${m.sender}`}>
                        {m.sender === 'system' ? (
                          <span>{m.body}</span>
                        ) : (
                          <>
                            <span className="live-chat__author">{m.sender === 'agent' ? m.authorName : 'You'}</span>
                            <span className="live-chat__text">{m.body}</span>
                            <time className="live-chat__time" dateTime={m.createdAt}>
                              {time(m.createdAt)}
                            </time>
                          </>
                        )}
                      </li>
                    ))}
                    {chat.agentTyping && <li className="live-chat__typing">{summary?.agentName || 'Support'} is typing…</li>}
                  </ol>
                )}
                {seen && <p className="live-chat__seen">Seen</p>}
                {chat.error && (
                  <p className="live-chat__error" role="alert">
                    {chat.error}
                  </p>
                )}
                {!chat.connected && open && <p className="live-chat__offline">{liveChatMessages.reconnecting}</p>}
                <form className="live-chat__composer" onSubmit={submit}>
                  <label className="live-chat__label" htmlFor={`${panelId}-text`}>
                    Your message
                  </label>
                  <textarea
                    id={`${panelId}-text`}
                    className="live-chat__input"
                    rows={2}
                    maxLength={LIVE_CHAT_MESSAGE_MAX}
                    placeholder="Type your message"
                    value={draft}
                    disabled={inline}
                    onChange={(event) => onDraft(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && !event.shiftKey) submit(event);
                    }}
                  />
                  <button type="submit" className="pod-button pod-button--primary live-chat__send" disabled={inline || !draft.trim()}>
                    {underway ? 'Send' : 'Start chat'}
                  </button>
                </form>
                <div className="live-chat__footer">
                  {underway && (
                    <button type="button" className="live-chat__end" onClick={chat.end}>
                      End chat
                    </button>
                  )}
                  {p.contactEmail?.trim() && (
                    <SafeLink className="live-chat__email" href={chatMailto(p)}>
                      <BlockIcon name="mail" />
                      <span>Email us instead</span>
                    </SafeLink>
                  )}
                </div>
              </div>
            </div>
          ) : (
            !noticeDismissed && (
              <div className="live-chat__notice" aria-live="polite">
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
