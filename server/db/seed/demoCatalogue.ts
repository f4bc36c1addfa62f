import type { Garment, Print, Scene } from '../../services/mockups';

/** The demo store's catalogue: 13 products in 3 collections, each with colours, sizes and stock. */

export interface DemoColour {
  name: string;
  hex: string; // without '#', used in mockup URLs
}

export const COLOURS = {
  white: { name: 'Natural White', hex: 'f5f3ec' },
  black: { name: 'Black', hex: '1f1f1f' },
  forest: { name: 'Forest Green', hex: '2f5d3a' },
  navy: { name: 'Navy', hex: '1e2a44' },
  heather: { name: 'Heather Grey', hex: 'b7b9bc' },
  sand: { name: 'Sand', hex: 'd8c7a4' },
  ochre: { name: 'Ochre', hex: 'c98b2b' },
  pink: { name: 'Dusty Pink', hex: 'd9a5a0' },
} satisfies Record<string, DemoColour>;

export const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL'];
export const ONE_SIZE = ['One Size'];

export interface DemoCollection {
  urlName: string;
  name: string;
  description: string;
}

export const COLLECTIONS: DemoCollection[] = [
  { urlName: 't-shirts', name: 'T-Shirts', description: 'Organic cotton tees, printed to order in our renewable-powered factory.' },
  { urlName: 'hoodies-and-sweatshirts', name: 'Hoodies & Sweatshirts', description: 'Heavyweight organic fleece for cold mornings and long walks.' },
  { urlName: 'accessories', name: 'Accessories', description: 'Bags and extras that carry the same prints.' },
];

export interface DemoProduct {
  urlName: string;
  name: string;
  garment: Garment;
  print: Print;
  collection: string;
  price: number; // pence
  salePrice?: number;
  colours: DemoColour[];
  description: string;
  tags: string[];
  /** §3 ugcImages: shoppers' photos, shown under "From the community" on the product page. */
  community?: { scene: Scene; colour: DemoColour; alt: string }[];
}

const { white, black, forest, navy, heather, sand, ochre, pink } = COLOURS;

export const PRODUCTS: DemoProduct[] = [
  {
    urlName: 'fern-organic-tee', name: 'Fern Organic Tee', garment: 'tshirt', print: 'fern', collection: 't-shirts', price: 2500, colours: [white, forest, sand, black], description: 'Our bestselling tee: soft 100% organic cotton with a hand-drawn fern on the chest.', tags: ['bestseller', 'nature'],
    community: [
      { scene: 'forest', colour: forest, alt: "Maya's Forest Green Fern Organic Tee drying on the line after a woodland walk" },
      { scene: 'coast', colour: white, alt: 'A Natural White Fern Organic Tee on a washing line by the sea' },
      { scene: 'meadow', colour: sand, alt: 'Fern Organic Tee in Sand, pegged out in a summer meadow' },
      { scene: 'dusk', colour: black, alt: 'A Black Fern Organic Tee catching the last light at dusk' },
    ],
  },
  { urlName: 'summit-tee', name: 'Summit Tee', garment: 'tshirt', print: 'mountain', collection: 't-shirts', price: 2500, colours: [heather, navy, white], description: 'For the ones who take the long way up. Mid-weight organic jersey, regular fit.', tags: ['outdoors'] },
  { urlName: 'tidal-tee', name: 'Tidal Tee', garment: 'tshirt', print: 'wave', collection: 't-shirts', price: 2500, salePrice: 1900, colours: [white, navy, sand], description: 'Rolling waves printed with water-based inks. Rinse, repeat, wear for years.', tags: ['sea'] },
  { urlName: 'sunrise-tee', name: 'Sunrise Tee', garment: 'tshirt', print: 'sun', collection: 't-shirts', price: 2500, colours: [ochre, white, pink], description: 'A warm sun for grey days, in a relaxed cut.', tags: ['summer'] },
  { urlName: 'night-sky-tee', name: 'Night Sky Tee', garment: 'tshirt', print: 'stars', collection: 't-shirts', price: 2700, colours: [navy, black], description: 'A scatter of stars on deep colours. Glows nowhere, looks good everywhere.', tags: ['night'] },
  { urlName: 'wildflower-long-sleeve', name: 'Wildflower Long Sleeve', garment: 'longsleeve', print: 'bloom', collection: 't-shirts', price: 3000, colours: [pink, white, sand], description: 'A long-sleeve tee with a single bloom. Ribbed cuffs, organic cotton.', tags: ['nature'] },
  {
    urlName: 'evergreen-hoodie', name: 'Evergreen Hoodie', garment: 'hoodie', print: 'leaf', collection: 'hoodies-and-sweatshirts', price: 4800, colours: [forest, heather, black], description: 'Brushed-back organic fleece, a roomy hood and a leaf that never falls.', tags: ['bestseller', 'winter'],
    community: [
      { scene: 'meadow', colour: heather, alt: 'A Heather Grey Evergreen Hoodie airing in the meadow' },
      { scene: 'forest', colour: forest, alt: "Sam's Forest Green Evergreen Hoodie on the line at the campsite" },
      { scene: 'dusk', colour: black, alt: 'Evergreen Hoodie in Black, hung out on a cold evening' },
    ],
  },
  { urlName: 'coastline-hoodie', name: 'Coastline Hoodie', garment: 'hoodie', print: 'wave', collection: 'hoodies-and-sweatshirts', price: 4800, salePrice: 3900, colours: [navy, sand], description: 'Made for windy beaches: heavyweight fleece with a kangaroo pocket.', tags: ['sea', 'winter'] },
  { urlName: 'ridge-sweatshirt', name: 'Ridge Sweatshirt', garment: 'sweatshirt', print: 'mountain', collection: 'hoodies-and-sweatshirts', price: 4200, colours: [heather, forest, ochre], description: 'A classic crew neck with a mountain ridge across the chest.', tags: ['outdoors'] },
  { urlName: 'meadow-sweatshirt', name: 'Meadow Sweatshirt', garment: 'sweatshirt', print: 'bloom', collection: 'hoodies-and-sweatshirts', price: 4200, colours: [sand, pink, white], description: 'Soft, light and covered in spring.', tags: ['nature'] },
  { urlName: 'market-tote', name: 'Market Tote Bag', garment: 'tote', print: 'sun', collection: 'accessories', price: 1500, colours: [white, black], description: 'A sturdy organic canvas tote for the weekly shop.', tags: ['bags'] },
  { urlName: 'fern-tote', name: 'Fern Tote Bag', garment: 'tote', print: 'fern', collection: 'accessories', price: 1500, colours: [white, forest], description: 'Carries books, bread and everything between.', tags: ['bags', 'nature'] },
  { urlName: 'starry-tote', name: 'Starry Tote Bag', garment: 'tote', print: 'stars', collection: 'accessories', price: 1600, salePrice: 1200, colours: [navy, white], description: 'A night-sky tote with reinforced handles.', tags: ['bags', 'night'] },
];

export const mockupUrl = (garment: Garment, colour: DemoColour, print: Print) => `/media/mockup/${garment}/${colour.hex}/${print}.svg`;
export const communityUrl = (scene: Scene, garment: Garment, colour: DemoColour, print: Print) => `/media/community/${scene}/${garment}/${colour.hex}/${print}.svg`;

/** Stock that varies from 0 to 24 without randomness, so tests and screenshots are stable. */
export const demoStock = (productIndex: number, colourIndex: number, sizeIndex: number) =>
  (productIndex * 7 + colourIndex * 5 + sizeIndex * 3) % 25;

/** §3 bundles of the demo store: products sold together at one price, each item in the colour and size the shopper picks. */
export interface DemoBundle {
  urlName: string;
  name: string;
  description: string;
  price: number; // pence, below the items' own prices together
  tags: string[];
  /** Items by product urlName, with the units of each in one bundle. */
  items: { product: string; quantity: number }[];
}

export const BUNDLES: DemoBundle[] = [
  {
    urlName: 'trail-day-set',
    name: 'Trail Day Set',
    description: 'Everything for a day on the hills: the Summit Tee and a Market Tote Bag for the picnic. Pick a colour and size for each — together they cost £5 less.',
    price: 3500,
    tags: ['outdoors', 'set'],
    items: [
      { product: 'summit-tee', quantity: 1 },
      { product: 'market-tote', quantity: 1 },
    ],
  },
];

/** A bundle's picture: its items side by side, each in its first colour. */
export const setUrl = (items: readonly DemoProduct[]) => `/media/set/${items.map((p) => `${p.garment}.${p.colours[0]!.hex}.${p.print}`).join('+')}.svg`;
