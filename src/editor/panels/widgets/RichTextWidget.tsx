import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { builderHtmlSanitizers } from '../../htmlSanitizers';
import { isSafeFreeLink } from './LinkWidget';

const sanitizeRichText = (html: string) => builderHtmlSanitizers.richText(html);

type Command = { label: string; title: string; run: (el: HTMLElement) => void };

const exec = (command: string, arg?: string) => {
  if (typeof document.execCommand === 'function') document.execCommand(command, false, arg);
};

/** After the DOM is replaced under the caret, the caret goes to the end of the text (where typing continues). */
function placeCaretAtEnd(el: HTMLElement) {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(el);
  range.collapse(false);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Rich text for the text block: a small contentEditable editor (bold, italic, link, heading, lists). What it
 * stores is always sanitised with DOMPurify (the text block's own profile), so pasted scripts, handlers and
 * styles never reach the page. While typing, the value coming back is the one the field just sent and the DOM
 * is left alone (the caret never jumps); any other value (undo, redo, another block) replaces the DOM even with
 * the caret inside, so the next keystroke edits the restored text and cannot bring undone text back.
 */
export function RichTextWidget({ id, value, disabled, readonly, onChange, onFocus, onBlur, label }: WidgetProps) {
  const html = typeof value === 'string' ? value : '';
  const ref = useRef<HTMLDivElement>(null);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const saved = useRef<Range | null>(null);
  /** The last value this field sent: its echo from the store is not an outside change. */
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || html === sent.current) return;
    sent.current = null;
    const clean = sanitizeRichText(html);
    if (el.innerHTML === clean) return;
    const focused = document.activeElement === el;
    el.innerHTML = clean;
    if (focused) placeCaretAtEnd(el);
  }, [html]);
  const emit = () => {
    const el = ref.current;
    if (!el) return;
    const next = sanitizeRichText(el.innerHTML);
    sent.current = next;
    onChange(next);
  };
  const keepSelection = () => {
    const selection = window.getSelection();
    saved.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
  };
  const restoreSelection = () => {
    ref.current?.focus();
    const selection = window.getSelection();
    if (selection && saved.current) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };
  const commands: Command[] = [
    { label: 'B', title: 'Bold', run: () => exec('bold') },
    { label: 'I', title: 'Italic', run: () => exec('italic') },
    { label: 'H', title: 'Heading', run: () => exec('formatBlock', '<h2>') },
    { label: '¶', title: 'Paragraph', run: () => exec('formatBlock', '<p>') },
    { label: '•', title: 'Bulleted list', run: () => exec('insertUnorderedList') },
    { label: '1.', title: 'Numbered list', run: () => exec('insertOrderedList') },
  ];
  const locked = disabled || readonly;
  const linkOk = href.trim() !== '' && isSafeFreeLink(href.trim());
  return (
    <div className="panel-richtext" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && onBlur(id, html)}>
      <div role="toolbar" aria-label={`${label || 'Text'}: formatting`} className="panel-richtext__toolbar">
        {commands.map((c) => (
          <button
            key={c.title}
            type="button"
            className="panel-richtext__button"
            title={c.title}
            aria-label={c.title}
            disabled={locked}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              ref.current?.focus();
              c.run(ref.current!);
              emit();
            }}
          >
            {c.label}
          </button>
        ))}
        <button
          type="button"
          className="panel-richtext__button"
          title="Link"
          aria-label="Link"
          aria-expanded={linking}
          disabled={locked}
          onMouseDown={(e) => {
            e.preventDefault();
            keepSelection();
          }}
          onClick={() => setLinking((l) => !l)}
        >
          🔗
        </button>
      </div>
      {linking && (
        <div className="panel-richtext__link">
          <input
            className="panel-input"
            type="text"
            aria-label="Link address"
            placeholder="/page/ or https://…"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                (e.currentTarget.nextElementSibling as HTMLButtonElement | null)?.click();
              }
            }}
          />
          <button
            type="button"
            className="panel-button"
            disabled={!linkOk}
            onClick={() => {
              restoreSelection();
              exec('createLink', href.trim());
              emit();
              setLinking(false);
              setHref('');
            }}
          >
            Add link
          </button>
          {href.trim() !== '' && !linkOk && <span className="panel-field__error">Please enter a valid url</span>}
        </div>
      )}
      <div
        id={id}
        ref={ref}
        className="panel-input panel-richtext__area"
        role="textbox"
        aria-multiline="true"
        aria-label={label || 'Text'}
        contentEditable={!locked}
        suppressContentEditableWarning
        onInput={emit}
        onFocus={() => onFocus(id, html)}
      />
    </div>
  );
}
