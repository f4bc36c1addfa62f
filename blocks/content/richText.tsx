import './content.css';
import DOMPurify from 'dompurify';

/** Same profile as the text block: no script, handler, inline style, form or unsafe link reaches the DOM. */
export const sanitizeRichText = (html: string): string =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });

/** Editor-authored rich text (schema widget "richtext"), sanitised. Draws nothing for empty text. */
export function RichText({ html, className }: { html: string | undefined; className?: string }) {
  if (!html || !html.trim()) return null;
  return <div className={`content-rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
