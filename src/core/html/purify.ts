import DOMPurify, { type Config } from 'dompurify';

/**
 * Owner-written HTML made safe to draw: DOMPurify removes scripts, inline event handlers and javascript:/other
 * unsafe URLs. Used where HTML is saved (the page write, on the server with a jsdom window) and by the builder for
 * what an owner types before saving; shoppers receive HTML that is already safe and never load DOMPurify.
 * Each profile is its own DOMPurify instance configured once (setConfig): passing a config to every sanitize()
 * call re-parses it, which at 1,250 text blocks was most of the builder's render time.
 */
export type PurifierWindow = Parameters<typeof DOMPurify>[0];

export interface HtmlSanitizers {
  /** Free HTML (the html block's code field): forms and inputs are dropped too, so nothing can pose as checkout. */
  html(html: string): string;
  /** Rich text from the editor's rich-text widget (text block, block copy, answers): no script, handler, style or form. */
  richText(html: string): string;
}

export const HTML_PROFILE: Config = { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'button'] };
export const RICH_TEXT_PROFILE: Config = { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] };

function purifier(win: PurifierWindow, config: Config): (html: string) => string {
  const instance = DOMPurify(win);
  instance.setConfig(config);
  return (html) => instance.sanitize(html);
}

export function createHtmlSanitizers(win: PurifierWindow): HtmlSanitizers {
  return { html: purifier(win, HTML_PROFILE), richText: purifier(win, RICH_TEXT_PROFILE) };
}
