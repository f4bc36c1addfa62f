import { useMemo } from 'react';
import type { BlockProps } from '../src/renderer/types';
import type { HtmlProperties } from '../src/core/generated/blockProperties';
import { sanitizeHtml } from './shared/sanitize';
import './html.css';

/** The owner's own HTML, sanitised first: no script runs, no handler fires, no javascript: link survives. */
export default function Html({ properties: p, mode }: BlockProps<HtmlProperties>) {
  const html = useMemo(() => sanitizeHtml(p.html ?? ''), [p.html]);
  if (!html.trim()) {
    return mode === 'preview' ? <p className="html-block html-block--empty">Add some HTML to show here.</p> : null;
  }
  return <div className="html-block" dangerouslySetInnerHTML={{ __html: html }} />;
}
