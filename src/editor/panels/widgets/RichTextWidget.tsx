import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { builderHtmlSanitizers } from '../../htmlSanitizers';
import { isSafeFreeLink } from './LinkWidget';

const sanitizeRichText = (html: string) => builderHtmlSanitizers.richText(html);

type Command = { label: string; title: string; run: (el: HTMLElement) => void };

const exec = (command: string, arg?: string) => {
  if (typeof document.execCommand === 'function') document.execCommand(command, false, arg);
};

/**
 * Rich text for the text block: a small contentEditable editor (bold, italic, link, heading, lists). What it
 * stores is always sanitised with DOMPurify (the text block's own profile), so pasted scripts, handlers and
 * styles never reach the page. The DOM is only rewritten from the value when the editor is not focused
 * (undo, another block), so the caret never jumps while typing.
 */
export function RichTextWidget({ id, value, disabled, readonly, onChange, onFocus, onBlur, label }: WidgetProps) {
  const html = typeof value === 'string' ? value : '';
  const ref = useRef<HTMLDivElement>(null);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const saved = useRef<Range | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el && el.innerHTML !== sanitizeRichText(html)) el.innerHTML = sanitizeRichText(html);
  }, [html]);
  const emit = () => {
    const el = ref.current;
    if (el) onChange(sanitizeRichText(el.innerHTML));
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
