import type { StudioGarment } from '../core/studio';

/**
 * §2.2 the studio's addresses: /studio/{customiseItUrl?}/ (a product's url name preselects that garment) and its
 * aliases, each opening on the garment it names. /custom/ redirects to /design-your-own-t-shirt/.
 */
export const STUDIO_PATH = '/studio/:customiseItUrl?/';
export const STUDIO_HOME = '/design-your-own-t-shirt/';
export const STUDIO_ALIASES: readonly { path: string; garment: StudioGarment | null; title: string }[] = [
  { path: STUDIO_HOME, garment: 'tshirt', title: 'Design your own t-shirt' },
  { path: '/custom-printed-t-shirts/', garment: 'tshirt', title: 'Custom printed t-shirts' },
  { path: '/custom-printed-hoodies/', garment: 'hoodie', title: 'Custom printed hoodies' },
  { path: '/custom-printed-sweaters/', garment: 'sweatshirt', title: 'Custom printed sweaters' },
  { path: '/custom-printed-tote-bags/', garment: 'tote', title: 'Custom printed tote bags' },
  { path: '/custom-printed-stickers/', garment: null, title: 'Custom printed stickers' },
  { path: '/custom-printed-art-prints/', garment: null, title: 'Custom printed art prints' },
];
export const CUSTOM_REDIRECT = '/custom/';

/** The studio opened on a product (a product page's "Customise it" link). */
export const studioUrlFor = (productUrlName: string) => `/studio/${encodeURIComponent(productUrlName)}/`;
/** The studio reopening a saved design from the basket. */
export const studioEditUrl = (designUuid: string) => `/studio/?design=${encodeURIComponent(designUuid)}`;
