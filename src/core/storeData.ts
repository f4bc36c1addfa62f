import type { Currency } from './currency';

/** What getStoreCoreData returns (§7) — shared by the server that builds it and the SPA that reads it. */

/** The route metadata of a page (§2.2 route meta), without its block tree. */
export interface PageRoute {
  id: number;
  url: string;
  name: string;
  layout: LayoutName;
  title: string;
  description: string;
  loginState: string;
  storefront: boolean;
  isSearchable: boolean;
  searchIcon: string | null;
  sitemap: boolean;
  published: boolean;
  homepage: boolean;
}

export type LayoutName = 'tool' | 'blank' | 'standard' | 'studio' | 'mail' | 'cart' | 'search';

export interface MenuItem {
  text: string;
  link: string;
  color?: string;
  backgroundColor?: string;
}

export interface MenuSegment {
  title: string;
  link?: string;
  mode: 'items' | 'image';
  image?: { src: string; title?: string; description?: string; link?: string };
  items?: MenuItem[];
}

/** §3 Menu entry. */
export interface MenuEntry {
  text: string;
  href: string;
  color?: string;
  backgroundColor?: string;
  submenu?: MenuSegment[];
}

export interface SitewideBanner {
  enabled: boolean;
  text?: string;
  icon?: string;
  backgroundColor?: string;
  textColor?: string;
}

export interface StoreCoreData {
  pages: PageRoute[];
  state: {
    currency: Currency;
    splitTest: Record<string, unknown>;
    subdomain: {
      id: number;
      isPro: boolean;
      favicon: string | null;
      customDomainName: string | null;
      theme: StoreTheme;
      plugins: Record<string, unknown>;
      sitewideBanner: SitewideBanner;
      sitewidePopup: { enabled: boolean; heading?: string; description?: string };
      searchRedirects: { searchTerm: string; destinationUrl: string }[];
      passwordProtected: boolean;
      comingSoonPageData: { enabled: boolean };
      meta: Record<string, unknown>;
      division: { id: number; name: string; code: string };
      cart: { items: unknown[] };
      favourites: { items: unknown[] };
      mainMenu: MenuEntry[];
      isNative: boolean;
      mode: PageMode;
    };
    plugins: Record<string, unknown>;
    mainMenu: MenuEntry[];
    mode: PageMode;
    paymentProcessor: { type: 'first-party' | 'direct'; accounts: Record<string, string> };
    company: { name: string; logo: { src: string; alt: string } | null };
    store: { active: boolean; pro: boolean };
  };
}

/** The store's theme, resolved on the server: its properties and the CSS custom properties drawn from them. */
export interface StoreTheme {
  name: string;
  properties: Record<string, unknown>;
  variables: Record<string, string>;
  fonts: string[];
}

export type PageMode = 'unknown' | 'preview' | 'native';

/** A page with its block tree, as the pages API returns it (§3 Page). */
export interface PageDocument {
  id: number;
  uuid: string;
  url: string;
  temporaryUrl: string | null;
  layout: LayoutName;
  blocks: BlockData[];
  flags: { homepage?: boolean; deleted?: boolean; placeholder?: boolean };
  properties: { title: string; description?: string; loginState?: string; isSearchable?: boolean; ySpacing?: number; [key: string]: unknown };
  preloadables: string[];
  version: number;
  divisionId: number;
  published: boolean;
  sitemap: boolean;
  edited: string;
  theme: string | null;
}

/** A block as stored and served: complete, with every default applied (§3 Block). */
export interface BlockData {
  id?: number | string;
  uid: string;
  type: string;
  order: number;
  size: { x: number; y: number };
  items: BlockData[];
  properties: Record<string, unknown> & { published?: boolean; conditions?: string[] };
  flags: { deleted?: boolean; reordered?: boolean };
  unpublished: boolean;
  padding: boolean;
  fullWidth: boolean;
  fullBackgroundColor: string;
}
