import { useEffect, useId, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import values from '../../../../schemas/themes/values.json';
import { fontSource } from '../../../core/theme/fonts';
import { fontStack } from '../../../core/theme/fontStack';

const catalogue = values.$defs.font;
/** §9 standard fonts, then the display fonts the schema lists (values.json $defs/font). */
export const STANDARD = catalogue['x-ui'].standard as string[];
export const DISPLAY = (catalogue.examples as string[]).filter((f) => !STANDARD.includes(f));

let facesAdded = false;
/** @font-face rules for every offered family (weight 400, served by /fonts/), so each option shows in its own face. */
export function ensureFontFaces(doc: Document = document) {
  if (facesAdded || !doc.head) return;
  facesAdded = true;
  const style = doc.createElement('style');
  style.dataset.editorFonts = '';
  style.textContent = [...STANDARD, ...DISPLAY]
    .map((family) => `@font-face{font-family:${JSON.stringify(family)};src:${fontSource(family, 400)};font-weight:400;font-display:swap}`)
    .join('\n');
  doc.head.appendChild(style);
}

/** Font picker: a list of the standard and display fonts, each drawn in its face; any other family may be typed. */
export function FontWidget({ id, value, disabled, readonly, onChange, onFocus, onBlur, label }: WidgetProps) {
  const current = typeof value === 'string' ? value : '';
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) ensureFontFaces();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const choose = (family: string) => {
    onChange(family);
    setOpen(false);
  };
  const option = (family: string) => (
    <li
      key={family}
      role="option"
      aria-selected={family === current}
      tabIndex={-1}
      className="panel-fonts__option"
      style={{ fontFamily: fontStack(family) }}
      onClick={() => choose(family)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          choose(family);
        } else if (e.key === 'ArrowDown') (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
        else if (e.key === 'ArrowUp') (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
        else if (e.key === 'Escape') setOpen(false);
      }}
    >
      {family}
    </li>
  );
  return (
    <div className="panel-fonts" ref={root} onFocus={() => onFocus(id, current)} onBlur={() => onBlur(id, current)}>
      <button
        id={id}
        type="button"
        className="panel-input panel-fonts__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${label}: ${current || 'theme font'}`}
        disabled={disabled || readonly}
        style={current ? { fontFamily: fontStack(current) } : undefined}
        onClick={() => {
          ensureFontFaces();
          setOpen((o) => !o);
        }}
      >
        {current || 'Theme font'}
      </button>
      {open && (
        <div className="panel-popover" id={listId}>
          <ul role="listbox" aria-label={`${label}: standard fonts`} className="panel-fonts__list">
            {STANDARD.map(option)}
          </ul>
          <div className="panel-popover__heading">Display fonts</div>
          <ul role="listbox" aria-label={`${label}: display fonts`} className="panel-fonts__list">
            {DISPLAY.map(option)}
          </ul>
          <label className="panel-popover__custom">
            <span>Other font</span>
            <input
              className="panel-input"
              type="text"
              maxLength={80}
              defaultValue={[...STANDARD, ...DISPLAY].includes(current) ? '' : current}
              placeholder="Family name"
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.currentTarget.value.trim()) {
                  e.preventDefault();
                  choose(e.currentTarget.value.trim());
                }
              }}
            />
          </label>
        </div>
      )}
    </div>
  );
}
