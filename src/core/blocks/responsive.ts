/**
 * Per-breakpoint block settings (issue #22 item 4). A property whose schema says `x-ui.responsive` may differ by
 * device: the block's `properties` hold the desktop value, and `responsive.tablet` / `responsive.phone` beside them
 * hold only the overridden properties. Tablet inherits desktop, phone inherits tablet.
 *
 * The breakpoints are measured on a query container named `pod-viewport` (VIEWPORT_CONTAINER): the page's root
 * element on the storefront (its width is the viewport's), the device frame in the builder's canvas (laid out at
 * DEVICE_WIDTHS and zoomed to fit). So one set of container rules draws the storefront, the server-rendered HTML
 * and the canvas alike, with CSS only. Pure: shared by the renderer, the schema registry, the server and the editor.
 */

export const BREAKPOINTS = ['desktop', 'tablet', 'phone'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];
export type OverrideBreakpoint = Exclude<Breakpoint, 'desktop'>;
export const OVERRIDE_BREAKPOINTS: readonly OverrideBreakpoint[] = ['tablet', 'phone'];

/**
 * Widths (px) below which a breakpoint's settings apply: §9 lg (992) and md (768). Below 768 px is also where the
 * grid has 6 columns and blocks take their `size.y`.
 */
export const BREAKPOINT_BELOW: Readonly<Record<OverrideBreakpoint, number>> = { tablet: 992, phone: 768 };

/** The widths the builder's canvas lays a page out at, one per breakpoint. */
export const DEVICE_WIDTHS: Readonly<Record<Breakpoint, number>> = { desktop: 1440, tablet: 768, phone: 390 };

export const BREAKPOINT_LABELS: Readonly<Record<Breakpoint, string>> = { desktop: 'Desktop', tablet: 'Tablet', phone: 'Phone' };

/** What each breakpoint covers, in words for owners. */
export const BREAKPOINT_RANGES: Readonly<Record<Breakpoint, string>> = {
  desktop: `${BREAKPOINT_BELOW.tablet} px and wider`,
  tablet: `${BREAKPOINT_BELOW.phone}–${BREAKPOINT_BELOW.tablet - 1} px`,
  phone: `below ${BREAKPOINT_BELOW.phone} px`,
};

/** The query container the breakpoints are measured on (grid.css names the root element and the canvas frame). */
export const VIEWPORT_CONTAINER = 'pod-viewport';

/** The container query under which a breakpoint's settings apply. */
export const breakpointQuery = (breakpoint: OverrideBreakpoint): string => `@container ${VIEWPORT_CONTAINER} (width < ${BREAKPOINT_BELOW[breakpoint]}px)`;

/** The breakpoint a screen (or container) this wide is drawn with. */
export function breakpointAt(width: number): Breakpoint {
  if (width < BREAKPOINT_BELOW.phone) return 'phone';
  if (width < BREAKPOINT_BELOW.tablet) return 'tablet';
  return 'desktop';
}

export const isOverrideBreakpoint = (value: unknown): value is OverrideBreakpoint => value === 'tablet' || value === 'phone';

export type Overrides = Record<string, unknown>;
/** A saved block's per-breakpoint overrides: only the properties that differ from the breakpoint above. */
export type ResponsiveOverrides = Partial<Record<OverrideBreakpoint, Overrides>>;

interface ResponsiveBlock {
  properties: Record<string, unknown>;
  responsive?: ResponsiveOverrides | undefined;
}

/** The breakpoints whose settings reach `breakpoint`, widest first (phone: desktop, tablet, phone). */
export const cascadeOf = (breakpoint: Breakpoint): readonly Breakpoint[] => BREAKPOINTS.slice(0, BREAKPOINTS.indexOf(breakpoint) + 1);

const hasOverrides = (responsive: ResponsiveOverrides | undefined): responsive is ResponsiveOverrides =>
  responsive !== undefined && OVERRIDE_BREAKPOINTS.some((bp) => responsive[bp] !== undefined && Object.keys(responsive[bp]!).length > 0);

const resolvedCache = new WeakMap<Record<string, unknown>, WeakMap<ResponsiveOverrides, Partial<Record<OverrideBreakpoint, Record<string, unknown>>>>>();

/**
 * The properties a block is drawn with at `breakpoint`: desktop's, then tablet's overrides, then phone's. The same
 * object comes back for the same block (the editor's panel and the renderer's memoised hosts rely on identity).
 */
export function propertiesAt(block: ResponsiveBlock, breakpoint: Breakpoint): Record<string, unknown> {
  const { properties, responsive } = block;
  if (breakpoint === 'desktop' || !hasOverrides(responsive)) return properties;
  let byOverrides = resolvedCache.get(properties);
  if (!byOverrides) resolvedCache.set(properties, (byOverrides = new WeakMap()));
  let byBreakpoint = byOverrides.get(responsive);
  if (!byBreakpoint) byOverrides.set(responsive, (byBreakpoint = {}));
  let resolved = byBreakpoint[breakpoint];
  if (!resolved) {
    resolved = { ...properties };
    for (const bp of cascadeOf(breakpoint)) if (bp !== 'desktop') Object.assign(resolved, responsive[bp]);
    byBreakpoint[breakpoint] = resolved;
  }
  return resolved;
}

/** The breakpoint whose setting a property's value at `breakpoint` comes from (itself when set there). */
export function valueSource(block: ResponsiveBlock, breakpoint: Breakpoint, key: string): Breakpoint {
  const cascade = cascadeOf(breakpoint);
  for (let i = cascade.length - 1; i > 0; i--) {
    const bp = cascade[i] as OverrideBreakpoint;
    if (block.responsive?.[bp] && Object.hasOwn(block.responsive[bp]!, key)) return bp;
  }
  return 'desktop';
}

/** The breakpoints where a property is overridden. */
export const overriddenAt = (block: ResponsiveBlock, key: string): OverrideBreakpoint[] =>
  OVERRIDE_BREAKPOINTS.filter((bp) => block.responsive?.[bp] !== undefined && Object.hasOwn(block.responsive[bp]!, key));

/**
 * `responsive` with `patch` applied to one breakpoint's overrides (a key set to undefined is reset: it inherits
 * again). Empty breakpoints are dropped, and undefined comes back when nothing is overridden any more.
 */
export function withOverrides(responsive: ResponsiveOverrides | undefined, breakpoint: OverrideBreakpoint, patch: Overrides): ResponsiveOverrides | undefined {
  const current: Overrides = { ...(responsive?.[breakpoint] ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete current[key];
    else current[key] = value;
  }
  const next: ResponsiveOverrides = { ...(responsive ?? {}) };
  if (Object.keys(current).length > 0) next[breakpoint] = current;
  else delete next[breakpoint];
  return OVERRIDE_BREAKPOINTS.some((bp) => next[bp]) ? next : undefined;
}

/** CSS declarations as a block computes them from its properties: custom properties (`--banner-align`) or plain ones. */
export type CssDeclarations = Readonly<Record<string, string | number>>;

const PROPERTY_NAME = /^(--[A-Za-z0-9_-]+|[a-z][a-z-]*)$/;
// A value may not end a declaration or a rule, open a tag, escape, or mark itself important.
const UNSAFE_VALUE = /[;{}<>\\!]|\/\*/;

const declaration = (name: string, value: string | number | undefined): string | null => {
  const text = value === undefined ? 'initial' : String(value);
  if (!PROPERTY_NAME.test(name) || UNSAFE_VALUE.test(text) || text.trim() === '') return null;
  return `${name}:${text} !important`;
};

/** A CSS string literal: quotes, backslashes, line breaks and `<` (no `</style>` inside a style element) escaped. */
export const cssString = (text: string): string =>
  `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\a ').replace(/</g, '\\3c ')}"`;

/** The selector of one drawn block: its grid cell carries `data-block-uid`. */
export const blockSelector = (uid: string): string => `[data-block-uid=${cssString(uid)}]`;

/**
 * The container rules that switch a block's declarations per breakpoint. `byBreakpoint` holds the declarations at
 * each breakpoint (desktop's are set inline on the element by the caller); a rule carries only what differs from the
 * breakpoint above, as `!important` so it beats the inline desktop value. Empty when nothing differs.
 */
export function breakpointRules(selector: string, byBreakpoint: Readonly<Record<Breakpoint, CssDeclarations>>): string {
  let css = '';
  for (let i = 1; i < BREAKPOINTS.length; i++) {
    const above = byBreakpoint[BREAKPOINTS[i - 1]!];
    const here = byBreakpoint[BREAKPOINTS[i]!];
    const names = new Set([...Object.keys(above), ...Object.keys(here)]);
    const declarations: string[] = [];
    for (const name of names) {
      if (here[name] === above[name]) continue;
      const d = declaration(name, here[name]);
      if (d) declarations.push(d);
    }
    if (declarations.length > 0) css += `${breakpointQuery(BREAKPOINTS[i] as OverrideBreakpoint)}{${selector}{${declarations.join(';')}}}`;
  }
  return css;
}

/** Keeps only declarations safe to set inline (the same checks as the rules). */
export function safeDeclarations(declarations: CssDeclarations): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(declarations)) if (declaration(name, value)) out[name] = value;
  return out;
}
