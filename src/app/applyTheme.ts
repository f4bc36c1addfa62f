import type { StoreTheme } from '../core/storeData';

/** Puts the resolved theme's CSS custom properties (computed by the server) on the document root. */
export function applyTheme(theme: StoreTheme, root: HTMLElement = document.documentElement) {
  for (const [name, value] of Object.entries(theme.variables)) root.style.setProperty(name, value);
  root.dataset.theme = theme.name;
}
