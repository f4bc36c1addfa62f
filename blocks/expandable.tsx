import { useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useLocation } from 'react-router';
import type { BlockProps } from '../src/renderer/types';
import type { ExpandableProperties } from '../src/core/generated/blockProperties';
import { sanitizeRichText } from './shared/sanitize';
import './expandable.css';

/** A question that discloses its answer; §4: it closes again when the shopper moves to another page. */
export default function Expandable({ properties: p }: BlockProps<ExpandableProperties>) {
  const [open, setOpen] = useState(p.open ?? false);
  const id = useId();
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
  }, [pathname]);
  const answer = useMemo(() => sanitizeRichText(p.answer ?? ''), [p.answer]);
  const style = { color: p.textColor || undefined, background: p.backgroundColor || undefined } as CSSProperties;
  return (
    <div className={`expandable expandable--${p.icon ?? 'chevron'}${open ? ' expandable--open' : ''}${p.backgroundColor ? ' expandable--boxed' : ''}`} style={style}>
      <h3 className="expandable__heading">
        <button type="button" id={`${id}-q`} className="expandable__question" aria-expanded={open} aria-controls={`${id}-a`} onClick={() => setOpen((o) => !o)}>
          <span>{p.question}</span>
          <span className="expandable__icon" aria-hidden="true" />
        </button>
      </h3>
      <div id={`${id}-a`} className="expandable__answer" role="region" aria-labelledby={`${id}-q`} hidden={!open} dangerouslySetInnerHTML={{ __html: answer }} />
    </div>
  );
}
