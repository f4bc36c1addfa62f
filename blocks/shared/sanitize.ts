import type { HtmlSanitizers } from '../../src/core/html/purify';

/**
 * Owner-written HTML as blocks draw it. Saved pages hold HTML that the server already sanitised when it was
 * written (server/pages/sanitizeBlocks.ts), so the storefront draws it as it is and ships no sanitiser. The
 * builder shows HTML that has not been saved yet: it installs DOMPurify (src/core/html/purify.ts) here first.
 */
let installed: HtmlSanitizers | null = null;

export function installHtmlSanitizers(sanitizers: HtmlSanitizers | null): void {
  installed = sanitizers;
}

/** Free HTML (html block): saved HTML as stored, unsaved HTML through the builder's sanitiser. */
export const sanitizeHtml = (html: string): string => (installed ? installed.html(html) : html);

/** Rich text (text block, block copy, answers): saved HTML as stored, unsaved HTML through the builder's sanitiser. */
export const sanitizeRichText = (html: string): string => (installed ? installed.richText(html) : html);
