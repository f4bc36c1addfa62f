import { useEffect, useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, Link, List, ListOrdered, Pilcrow, type LucideIcon } from 'lucide-react';
import { builderHtmlSanitizers } from '../../htmlSanitizers';
import { historyKey } from '../../historyKeys';
import { UNSAFE_LINK_MESSAGE, isSafeFreeLink } from './LinkWidget';
import { RichTextLoading } from './RichTextLoading';

/**
 * What the field stores for the editor's document: its HTML through DOMPurify (the text block's own profile), or ''
 * when the owner has cleared it, so an emptied text counts as empty rather than as an empty paragraph.
 */
export const richTextValue = (editor: Editor): string => (editor.isEmpty ? '' : builderHtmlSanitizers.richText(editor.getHTML()));

interface Format {
  title: string;
  icon: LucideIcon;
  run: (editor: Editor) => boolean;
  active: (editor: Editor) => boolean;
}

const inList = (editor: Editor) => editor.isActive('bulletList') || editor.isActive('orderedList');

/** The toolbar: the marks and blocks the storefront's text styles are made for (headings are h2, as the blocks style them). */
const FORMATS: Format[] = [
  { title: 'Bold', icon: Bold, run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { title: 'Italic', icon: Italic, run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  { title: 'Heading', icon: Heading2, run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive('heading', { level: 2 }) },
  // Plain text again: a heading, list item or quote becomes an ordinary paragraph.
  { title: 'Paragraph', icon: Pilcrow, run: (e) => e.chain().focus().clearNodes().run(), active: (e) => e.isActive('paragraph') && !inList(e) },
  { title: 'Bulleted list', icon: List, run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { title: 'Numbered list', icon: ListOrdered, run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
];

const EXTENSIONS = [
  StarterKit.configure({
    // Undo belongs to the page: Ctrl/Cmd+Z in this field must reach the builder's shortcut, which undoes the
    // page's last step (this text included) — a second, field-only history would fight it.
    undoRedo: false,
    // It would add an empty paragraph after a closing heading or list: the saved text would change on its own.
    trailingNode: false,
    link: {
      // The same §5.2 rule as every other link the owner types; a pasted javascript: link loses its link.
      isAllowedUri: (url) => isSafeFreeLink(url),
      // Clicking a link in the field places the caret to edit it; the page is never left mid-edit.
      openOnClick: false,
      // Links are made on purpose (toolbar, or pasting an address over selected words), not by typing an address.
      autolink: false,
      // Plain <a href>: the storefront decides how its links open.
      HTMLAttributes: { target: null, rel: null },
    },
  }),
];

/**
 * The text block's rich-text field, on Tiptap (ProseMirror). Loaded lazily by RichTextWidget: the builder draws
 * without it and shoppers never download it. Every value it sends is sanitised. A value coming back that the field
 * already holds (its own echo while typing) leaves the document alone, so the caret never jumps; any other value
 * (undo, redo, another block) replaces the document even with the caret inside, so the next keystroke edits the
 * restored text and cannot bring undone text back.
 */
export default function RichTextEditor({ id, value, disabled, readonly, onChange, onFocus, onBlur, label }: WidgetProps) {
  const html = typeof value === 'string' ? value : '';
  const name = label || 'Text';
  const locked = !!(disabled || readonly);
  // Options that stay the same object between renders: Tiptap re-applies its options whenever one differs.
  const [initial] = useState(() => builderHtmlSanitizers.richText(html));
  const editorProps = useMemo(
    () => ({
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': name, class: 'panel-input panel-richtext__area' },
      handleDOMEvents: {
        // ProseMirror cancels Ctrl/Cmd+Z and Ctrl/Cmd+Y (to stop the browser's own undo in its text), which would hide
        // them from the builder's shortcut handler: they are let through untouched, and that handler undoes the page.
        keydown: (_view: unknown, event: KeyboardEvent) => historyKey(event) !== null,
      },
    }),
    [id, name],
  );
  // Null or destroyed for a moment when React hides the panel and shows it again (its effects are disconnected
  // meanwhile): Tiptap then drops its editor and makes a new one, which the effect below fills with the current value.
  const editor: Editor | null = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    editable: !locked,
    editorProps,
    // Tiptap calls the handler of the latest render, so this is always the current onChange.
    onUpdate: ({ editor: changed }) => onChange(richTextValue(changed)),
  });
  const live = editor && !editor.isDestroyed ? editor : null;
  useEffect(() => {
    // Destroyed since this render when React shows a hidden panel again: the new editor's render comes next.
    if (!live || live.isDestroyed) return;
    const clean = builderHtmlSanitizers.richText(html);
    if (clean === richTextValue(live)) return;
    // Not sent back (it is the store's value already); with the caret inside, typing goes on after the restored text.
    live.commands.setContent(clean, { emitUpdate: false });
    if (live.isFocused) live.commands.focus('end');
  }, [live, html]);
  useEffect(() => {
    if (live && !live.isDestroyed && live.isEditable === locked) live.setEditable(!locked, false);
  }, [live, locked]);
  const pressed = useEditorState({
    editor: live,
    selector: ({ editor: current }) => (current ? { formats: FORMATS.map((f) => f.active(current)), link: current.isActive('link') } : null),
  });
  const [linking, setLinking] = useState(false);
  if (!live || !pressed) return <RichTextLoading html={html} />;

  return (
    <div className="panel-richtext" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && onBlur(id, html)}>
      <div role="toolbar" aria-label={`${name}: formatting`} className="panel-richtext__toolbar">
        {FORMATS.map((f, i) => (
          <button
            key={f.title}
            type="button"
            className="panel-richtext__button"
            title={f.title}
            aria-label={f.title}
            aria-pressed={pressed.formats[i]}
            disabled={locked}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => f.run(live)}
          >
            <f.icon size={16} aria-hidden="true" />
          </button>
        ))}
        <button
          type="button"
          className="panel-richtext__button"
          title="Link"
          aria-label="Link"
          aria-pressed={pressed.link}
          aria-expanded={linking}
          disabled={locked}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setLinking((open) => !open)}
        >
          <Link size={16} aria-hidden="true" />
        </button>
      </div>
      {linking && <LinkForm editor={live} editing={pressed.link} close={() => setLinking(false)} />}
      <EditorContent editor={live} onFocus={() => onFocus(id, html)} />
    </div>
  );
}

/**
 * The address for the selected words, checked with §5.2 before it is applied. Over an existing link it starts
 * with that link's address and can remove it. Enter applies, Escape goes back to the text.
 */
function LinkForm({ editor, editing, close }: { editor: Editor; editing: boolean; close: () => void }) {
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const target = href.trim();
  const ok = target !== '' && isSafeFreeLink(target);
  const apply = () => {
    if (!ok) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    // No words selected: the address itself becomes the linked text.
    if (editor.state.selection.empty && !editing) chain.insertContent({ type: 'text', text: target, marks: [{ type: 'link', attrs: { href: target } }] });
    else chain.setLink({ href: target });
    chain.run();
    close();
  };
  return (
    <div className="panel-richtext__link">
      <input
        className="panel-input"
        type="text"
        aria-label="Link address"
        placeholder="/page/ or https://…"
        value={href}
        autoFocus
        onChange={(e) => setHref(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            close();
            editor.commands.focus();
          }
        }}
      />
      <button type="button" className="panel-button" disabled={!ok} onClick={apply}>
        {editing ? 'Change link' : 'Add link'}
      </button>
      {editing && (
        <button
          type="button"
          className="panel-button panel-button--quiet"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            close();
          }}
        >
          Remove link
        </button>
      )}
      {target !== '' && !ok && <span className="panel-field__error">{UNSAFE_LINK_MESSAGE}</span>}
    </div>
  );
}
