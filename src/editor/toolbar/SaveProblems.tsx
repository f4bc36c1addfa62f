import { useEditor, useEditorStore } from '../store';
import { blockAtPath, fieldOf } from '../canvas/blockErrors';
import { blockTitle } from '../canvas/EditorDnd';
import { GENERIC_ERROR } from '../../lib/api';
import { Icon } from './icons';
import { jumpTo } from './saveActions';

/**
 * Why the last save failed, under the toolbar: 422 lists each problem (a button that selects and scrolls to its
 * block), 402 says Pro is required and which blocks need it, anything else gives the server's message.
 */
export function SaveProblems() {
  const editor = useEditorStore();
  const page = useEditor((s) => s.page);
  const errors = useEditor((s) => s.saveErrors);
  const message = useEditor((s) => s.saveMessage);
  const conflict = useEditor((s) => s.conflict);
  if (conflict || (!message && Object.keys(errors).length === 0)) return null;
  const entries = Object.entries(errors);
  const pro = message === 'Pro required to save this page';
  return (
    <div className={`ed-problems ed-problems--${pro ? 'warning' : 'error'}`} role="alert" data-testid="save-problems">
      <Icon name="alert" />
      <div className="ed-problems__body">
        <p className="ed-problems__title">
          {pro
            ? 'Pro required to save this page. Upgrade the store to Pro, or remove the Pro-only blocks, then save again.'
            : entries.length > 0
              ? `${message ?? 'Page failed validation'}: ${entries.length === 1 ? 'one problem' : `${entries.length} problems`} to fix before saving.`
              : message || GENERIC_ERROR}
        </p>
        {entries.length > 0 && (
          <ul className="ed-problems__list">
            {entries.map(([path, messages]) => {
              const block = page ? blockAtPath(page.blocks, path) : undefined;
              const field = fieldOf(path);
              const text = `${block ? blockTitle(block.type) : 'Page'}${field ? ` — ${field}` : ''}: ${messages.join(', ')}`;
              return (
                <li key={path}>
                  {block ? (
                    <button type="button" className="ed-problems__link" onClick={() => jumpTo(editor, block.uid)}>
                      {text}
                    </button>
                  ) : (
                    text
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
