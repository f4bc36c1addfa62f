import { sanitizeRichText } from '../shared/sanitize';

/** Block copy written in the rich-text editor, sanitised like textBlock's (no script, handler or style). */
export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
