/**
 * §5.2 safe links. Allowed: the https, http, wss, ws, mqtts, mqtt, mailto, tel, data and dtg schemes,
 * protocol-relative addresses (//host), fragments (#x), mention/action strings (@x) and paths starting
 * with /. Anything else (javascript:, vbscript:, unknown schemes, and relative paths such as "about/"
 * which §5.2 does not list) is replaced with the 404 page and reported as a warning.
 */
export const ALLOWED_SCHEMES = ['https', 'http', 'wss', 'ws', 'mqtts', 'mqtt', 'mailto', 'tel', 'data', 'dtg'] as const;

/** Prefixes that are safe whatever follows; "/" also covers protocol-relative "//host". */
export const SAFE_PREFIXES = ['#', '@', '/'] as const;

/** Where an unsafe link is sent instead (the spec's "404 page on the provider's site"; ours is the store's). */
export const UNSAFE_LINK_REPLACEMENT = '/404/';

export interface SafeLinkResult {
  href: string;
  /** Set when the input was replaced; callers log it as a warning. */
  warning?: string;
}

// Browsers drop leading C0 controls and spaces and every tab or newline before reading a scheme
// ("java\nscript:" is javascript:). Removing all controls and whitespace is a superset of that, so
// the scheme read here is the one a browser would act on; the odd extra rejection is the safe side.
// eslint-disable-next-line no-control-regex
const IGNORED = /[\u0000-\u001F\u007F\s]+/g;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const allowed = new Set<string>(ALLOWED_SCHEMES);

/** The href to render for a stored link. Empty stays empty (a link-less button), with no warning. */
export function safeLink(raw: string | null | undefined): SafeLinkResult {
  const href = (raw ?? '').trim();
  const compact = href.replace(IGNORED, '');
  if (compact === '') return { href: '' };
  if (SAFE_PREFIXES.some((prefix) => compact.startsWith(prefix))) return { href };
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined && allowed.has(scheme)) return { href };
  return { href: UNSAFE_LINK_REPLACEMENT, warning: `Unsafe link replaced: ${href}` };
}
