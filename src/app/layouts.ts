import type { LayoutName } from '../core/storeData';

/** §2.1 regions of a layout and how the content is sized. */
export interface LayoutConfig {
  announcement: boolean;
  header: boolean;
  sidebar: boolean;
  footer: boolean;
  subFooter: boolean;
  navBar: boolean;
  /** container (max 1200px with gutters), full (100%), narrow (520px) or wide (1800px). */
  content: 'container' | 'full' | 'narrow' | 'wide';
}

/** §2.1 defaults: announcement shown; header, sidebar, footer, sub-footer and nav bar hidden; content full width. */
export const DEFAULT_LAYOUT: LayoutConfig = {
  announcement: true,
  header: false,
  sidebar: false,
  footer: false,
  subFooter: false,
  navBar: false,
  content: 'full',
};

export const LAYOUTS: Record<LayoutName, LayoutConfig> = {
  standard: { ...DEFAULT_LAYOUT, header: true, footer: true, subFooter: true, content: 'container' },
  tool: { ...DEFAULT_LAYOUT, header: true, sidebar: true, navBar: true, content: 'full' },
  blank: { ...DEFAULT_LAYOUT, announcement: false, content: 'narrow' },
  studio: { ...DEFAULT_LAYOUT, announcement: false, header: true, content: 'full' },
  mail: { ...DEFAULT_LAYOUT, announcement: false, content: 'narrow' },
  cart: { ...DEFAULT_LAYOUT, header: true, subFooter: true, content: 'container' },
  // The search screen sits in the same container as every other storefront screen.
  search: { ...DEFAULT_LAYOUT, header: true, footer: true, content: 'container' },
};

/** Layouts of the app's own tools (not choosable for store pages): atlas draws its own bar, no storefront regions. */
export const TOOL_LAYOUTS: Record<string, LayoutConfig> = {
  atlas: { ...DEFAULT_LAYOUT, announcement: false, content: 'full' },
};

/** §2.1 / §9 region sizes, exposed as CSS custom properties on the layout root. */
export const REGION_SIZES = {
  headerHeight: '4rem',
  headerHeightSmall: '3.5rem',
  logoMaxWidth: '220px',
  sidebarWidth: '220px',
  navBarHeight: '3rem',
} as const;

export const layoutOf = (name: string | undefined): LayoutConfig => TOOL_LAYOUTS[name ?? ''] ?? LAYOUTS[(name ?? 'standard') as LayoutName] ?? LAYOUTS.standard;
