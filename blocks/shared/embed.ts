import iframeRule from '../../schemas/rules/iframe.json';

/** §5.1/§5.2 iframe rule message, read from the rule document so it cannot drift. */
export const INVALID_EMBED_CODE: string = iframeRule.errorMessage;

const rulePattern = new RegExp(iframeRule.pattern);
const isHttp = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * The address of an embed code that passes the iframe rule: exactly one <iframe> with an http(s) src and
 * nothing else. Only the src is kept; the snippet itself is never injected. null when the code is invalid.
 */
export function embedSource(code: string): string | null {
  if (!rulePattern.test(code)) return null;
  // The rule already shaped the text; the parser reads the src the way a browser would (entities decoded).
  const doc = new DOMParser().parseFromString(code, 'text/html');
  const frames = doc.body.querySelectorAll('iframe');
  const src = frames.length === 1 ? frames[0]!.getAttribute('src')?.trim() : undefined;
  return src && isHttp(src) ? src : null;
}
