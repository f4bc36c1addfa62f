/** §5.2 text helpers and the §9 banner text limits. */

export const BANNER_TITLE_MAX = 50;
export const BANNER_COPY_MAX = 300;
export const ELLIPSIS = '…';

/**
 * Shortens text to at most `max` characters, the last being an ellipsis. Counts code points, so an
 * emoji is never cut in half; whitespace before the ellipsis is dropped ("Big sale…", not "Big sale …").
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 0) return '';
  return chars.slice(0, max - 1).join('').trimEnd() + ELLIPSIS;
}

const QUOTE_ENTITIES: Record<string, string> = { '"': '&quot;', "'": '&#39;' };

/** Escapes both quote characters as HTML entities, for text placed in attribute values built as strings. */
export const escapeQuotes = (text: string): string => text.replace(/["']/g, (quote) => QUOTE_ENTITIES[quote]!);

/** Own properties only, so "{{constructor}}" or "{{__proto__}}" never reach the prototype chain. */
function lookup(data: unknown, path: string): unknown {
  let current = data;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Fills "{{name}}" and "{{customer.firstName}}" (spaces inside the braces allowed) from data.
 * Unknown names, null, undefined and objects are removed rather than printed as "undefined" or
 * "[object Object]".
 */
export function fillPlaceholders(template: string, data: unknown): string {
  return template.replace(/\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}/g, (_, path: string) => {
    const value = lookup(data, path);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : '';
  });
}
