import DOMPurify from 'dompurify';

/** Block copy written in the rich-text editor, sanitised like textBlock's (no script, handler or style). */
export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
