import './content.css';
import { sanitizeRichText } from '../shared/sanitize';

/** Editor-authored rich text (schema widget "richtext"), sanitised. Draws nothing for empty text. */
export function RichText({ html, className }: { html: string | undefined; className?: string }) {
  if (!html || !html.trim()) return null;
  return <div className={`content-rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
