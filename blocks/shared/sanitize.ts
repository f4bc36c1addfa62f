import DOMPurify, { type Config } from 'dompurify';

/**
 * Owner-written HTML made safe to draw: DOMPurify removes scripts, inline event handlers and javascript:/other
 * unsafe URLs. Each profile is its own DOMPurify instance configured once (setConfig): passing a config to every
 * sanitize() call re-parses it, which at 1,250 text blocks was most of the builder's render time.
 */
function purifier(config: Config): (html: string) => string {
  let instance: ReturnType<typeof DOMPurify> | null = null;
  return (html) => {
    if (!instance) {
      instance = DOMPurify(window);
      instance.setConfig(config);
    }
    return instance.sanitize(html);
  };
}

/** Free HTML (html and expandable blocks): forms and inputs are dropped too, so nothing can pose as checkout. */
export const sanitizeHtml = purifier({ USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'button'] });

/** Rich text from the editor's rich-text widget (text block and block copy): no script, handler, style or form. */
export const sanitizeRichText = purifier({ USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });
