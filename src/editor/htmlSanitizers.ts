import { createHtmlSanitizers, type HtmlSanitizers } from '../core/html/purify';

let made: HtmlSanitizers | null = null;
const sanitizers = () => (made ??= createHtmlSanitizers(window));

/** DOMPurify for the builder: what the owner types is cleaned before it is drawn, as the server cleans it on save. */
export const builderHtmlSanitizers: HtmlSanitizers = {
  html: (html) => sanitizers().html(html),
  richText: (html) => sanitizers().richText(html),
};
