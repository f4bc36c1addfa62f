import type { SplitTestState } from './splitTests';
import type { Block, BlockSpecialProperties, Currency, MenuEntry, Page } from './generated/blockProperties';
import type { TrackingIds } from './tracking';

/** §7: where the SPA reads the store core data of the store at its own address. */
export const STORE_CORE_DATA_URL = '/omnis/v3/frontend/getStoreCoreData/json/';

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

export type LayoutName = NonNullable<Page['layout']>;

export type { MenuEntry, MenuItem, MenuSegment } from './generated/blockProperties';

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
    /** §3 Split test: the store's active tests by code, with this visitor's session variation. */
    splitTest: Record<string, SplitTestState>;
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
      /** launchDate (yyyy-mm-dd): what /countdown/ counts down to. */
      comingSoonPageData: { enabled: boolean; launchDate?: string };
      /** §6 allowed users: the accounts (ids) the owner let into a protected or coming-soon store. */
      allowedUserIds?: number[];
      /** The store's tracking ids; their scripts load only after cookie consent. */
      tracking?: TrackingIds;
      meta: Record<string, unknown>;
      division: { id: number; name: string; code: string };
      cart: { items: unknown[] };
      favourites: { items: unknown[] };
      mainMenu: MenuEntry[];
      isNative: boolean;
      mode: PageMode;
      /** Outside editors (exact origins) that may frame the builder and drive it by postMessage (§4 Editor mode). */
      editorOrigins?: string[];
    };
    plugins: Record<string, unknown>;
    mainMenu: MenuEntry[];
    mode: PageMode;
    paymentProcessor: { type: 'first-party' | 'direct'; accounts: Record<string, string> };
    /** §3: the seasonal delivery cut-off dates (yyyy-mm-dd) and the cut-off banner's content. */
    christmasCutoffDates?: { standard?: string; express?: string };
    christmasContent?: string;
    /** The logo's intrinsic width and height where the store knows them (the header reserves its room). */
    company: { name: string; logo: { src: string; alt: string; width?: number; height?: number } | null };
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

/** Makes the listed keys required: what the schema's defaults guarantee once a document was validated. */
type Completed<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> };

/**
 * A page as the pages API returns it (§3 Page, schemas/entities/page.json): stored documents were validated
 * with their defaults filled in, so those fields are always present.
 */
export type PageDocument = Completed<
  Omit<Page, 'blocks' | 'properties'>,
  'id' | 'uuid' | 'layout' | 'flags' | 'preloadables' | 'version' | 'divisionId' | 'published' | 'sitemap'
> & {
  edited: string;
  temporaryUrl: string | null;
  theme: string | null;
  blocks: BlockData[];
  properties: Page['properties'] & Record<string, unknown>;
};

/** A block as stored and served: complete, with every default applied (§3 Block, schemas/entities/block.json). */
export type BlockData = Completed<
  Omit<Block, 'items' | 'properties'>,
  'order' | 'size' | 'flags' | 'unpublished' | 'padding' | 'fullWidth' | 'fullBackgroundColor'
> & {
  items: BlockData[];
  properties: Record<string, unknown> & BlockSpecialProperties;
};
