import type { StoreTheme } from '../core/storeData';

/**
 * Puts the resolved theme's CSS custom properties (computed by the server) on the document root. A server-drawn
 * page has them in its head already: only a value the page does not have yet is set, because every property set on
 * the root makes the browser restyle the whole page.
 */
export function applyTheme(theme: StoreTheme, root: HTMLElement = document.documentElement, current: Pick<CSSStyleDeclaration, 'getPropertyValue'> = getComputedStyle(root)) {
  for (const [name, value] of Object.entries(theme.variables)) {
    if (current.getPropertyValue(name).trim() !== value.trim()) root.style.setProperty(name, value);
  }
  root.dataset.theme = theme.name;
}
