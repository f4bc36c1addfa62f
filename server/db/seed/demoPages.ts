/** The demo store's pages, menu and settings. Blocks get their remaining defaults from the schemas on seed. */

type SeedBlock = { uid: string; type: string; size?: { x: number; y: number }; properties?: Record<string, unknown>; items?: SeedBlock[]; fullWidth?: boolean; padding?: boolean };

export interface SeedPage {
  url: string;
  layout?: string;
  flags?: Record<string, boolean>;
  sitemap?: boolean;
  properties: { title: string; description?: string; isSearchable?: boolean; isMailPage?: boolean };
  blocks: SeedBlock[];
}

const scene = (name: string, alt: string) => ({ src: `/media/scene/${name}.svg`, alt });

export const DEMO_PAGES: SeedPage[] = [
  {
    url: '/',
    flags: { homepage: true },
    properties: { title: 'Organic clothing, printed to order', description: 'Fern & Thread makes organic cotton tees, hoodies and totes, printed on demand with renewable energy.' },
    blocks: [
      {
        uid: 'home-hero',
        type: 'banner',
        fullWidth: true,
        padding: false,
        properties: {
          title: 'Made when you order it',
          copy: 'Organic cotton clothing printed on demand, so nothing is wasted.',
          image: scene('forest', 'Layered green hills under a pale sky'),
          textColor: '#ffffff',
          overlayOpacity: 0.25,
          action: { text: 'Shop T-Shirts', href: '/collection/t-shirts/' },
        },
      },
      {
        uid: 'home-intro',
        type: 'textBlock',
        properties: {
          align: 'center',
          text: '<h2>Good clothes, no leftovers</h2><p>Every piece is printed after you order it, in a factory powered by renewable energy. When it wears out, send it back and we turn it into new clothes.</p>',
        },
      },
      { uid: 'home-shop-tees', type: 'button', size: { x: 6, y: 3 }, properties: { text: 'Shop T-Shirts', href: '/collection/t-shirts/', buttonStyle: 'primary', align: 'right' } },
      { uid: 'home-shop-hoodies', type: 'button', size: { x: 6, y: 3 }, properties: { text: 'Shop Hoodies', href: '/collection/hoodies-and-sweatshirts/', buttonStyle: 'secondary', align: 'left' } },
      { uid: 'home-bestsellers', type: 'productList', properties: { title: 'Best sellers', sortBy: 'bestsellerOrder', limit: 4, buttonText: 'Shop all', href: '/new-in/' } },
      {
        uid: 'home-coast',
        type: 'banner',
        properties: {
          type: 'compact',
          title: 'Back to the sea',
          copy: 'The Coastline collection: heavyweight fleece for windy beaches.',
          image: scene('coast', 'Blue hills rolling down to the sea'),
          action: { text: 'See the collection', href: '/new-in/', primary: false },
        },
      },
      {
        uid: 'home-promise',
        type: 'textBlock',
        size: { x: 4, y: 6 },
        properties: { text: '<h3>Organic cotton</h3><p>Grown without synthetic pesticides, certified from field to factory.</p>' },
      },
      {
        uid: 'home-promise-2',
        type: 'textBlock',
        size: { x: 4, y: 6 },
        properties: { text: '<h3>Printed to order</h3><p>No overstock, no landfill. Your order is made in days, not months ahead.</p>' },
      },
      {
        uid: 'home-promise-3',
        type: 'textBlock',
        size: { x: 4, y: 6 },
        properties: { text: '<h3>Made to come back</h3><p>Send worn-out pieces back for free and get credit towards your next order.</p>' },
      },
      { uid: 'home-blog', type: 'feed', properties: { title: 'From the journal', limit: 4 } },
      {
        uid: 'home-newsletter',
        type: 'newsletterSubscribe',
        properties: { copy: 'New prints, restocks and the odd offer. One email a fortnight, never more.', mailingList: 'newsletter' },
      },
    ],
  },
  {
    url: '/about/',
    properties: { title: 'About us', description: 'Who we are and why we print to order.' },
    blocks: [
      {
        uid: 'about-banner',
        type: 'banner',
        properties: { type: 'slim', title: 'About Fern & Thread', image: scene('meadow', 'A meadow in golden light'), textColor: '#1f2a22', overlayOpacity: 0 },
      },
      {
        uid: 'about-story',
        type: 'textBlock',
        size: { x: 8, y: 6 },
        properties: {
          text: '<h2>Our story</h2><p>We started Fern &amp; Thread in a spare room with one printer and a simple rule: <strong>never make something nobody ordered</strong>.</p><p>Today every tee, hoodie and tote is still printed after it is bought, on organic cotton, with water-based inks.</p><ul><li>Founded 2019</li><li>Printed in the UK</li><li>Plastic-free packaging</li></ul>',
        },
      },
      {
        uid: 'about-contact',
        type: 'textBlock',
        size: { x: 4, y: 6 },
        properties: { backgroundColor: '#f1efe8', text: '<h3>Say hello</h3><p>Questions about sizing, orders or wholesale? Write to <a href="mailto:hello@fernandthread.example">hello@fernandthread.example</a>.</p>' },
      },
      { uid: 'about-cta', type: 'button', size: { x: 12, y: 6 }, properties: { text: 'Read about our materials', href: '/sustainability/', buttonStyle: 'primary' } },
    ],
  },
  {
    url: '/sustainability/',
    properties: { title: 'Sustainability', description: 'How print on demand, organic cotton and take-back keep our clothes out of landfill.' },
    blocks: [
      {
        uid: 'sus-banner',
        type: 'banner',
        properties: { title: 'Circular by design', copy: 'From organic field to your wardrobe and back again.', image: scene('dusk', 'Hills at dusk in warm colours') },
      },
      {
        uid: 'sus-text',
        type: 'textBlock',
        properties: {
          text: '<h2>Three promises</h2><ol><li><strong>Made to order</strong> — nothing printed that is not sold.</li><li><strong>Renewable energy</strong> — our printers run on wind and sun.</li><li><strong>Take back</strong> — return worn pieces for free and we remake them.</li></ol>',
        },
      },
    ],
  },
  {
    url: '/new-in/',
    properties: { title: 'New in', description: 'The newest prints in the store.' },
    blocks: [
      {
        uid: 'new-banner',
        type: 'banner',
        properties: { type: 'compact', title: 'New in this season', copy: 'Fresh prints on organic cotton.', image: scene('coast', 'Blue hills by the sea') },
      },
      { uid: 'new-tees', type: 'button', size: { x: 4, y: 6 }, properties: { text: 'T-Shirts', href: '/collection/t-shirts/', buttonStyle: 'primary' } },
      { uid: 'new-hoodies', type: 'button', size: { x: 4, y: 6 }, properties: { text: 'Hoodies & Sweatshirts', href: '/collection/hoodies-and-sweatshirts/', buttonStyle: 'primary' } },
      { uid: 'new-accessories', type: 'button', size: { x: 4, y: 6 }, properties: { text: 'Accessories', href: '/collection/accessories/', buttonStyle: 'primary' } },
      { uid: 'new-catalogue', type: 'catalog', properties: { title: 'Just landed', sortBy: 'new-in', limit: 12 } },
    ],
  },
  {
    url: '/404/',
    sitemap: false,
    properties: { title: 'Page not found', isSearchable: false },
    blocks: [
      { uid: 'nf-text', type: 'textBlock', properties: { align: 'center', text: '<h1>We couldn’t find that page</h1><p>It may have moved, or the link may be mistyped.</p>' } },
      { uid: 'nf-home', type: 'button', size: { x: 12, y: 6 }, properties: { text: 'Back to the shop', href: '/', buttonStyle: 'primary' } },
    ],
  },
];

export const DEMO_MENU = [
  {
    text: 'Shop',
    href: '/new-in/',
    submenu: [
      {
        title: 'Clothing',
        link: '/new-in/',
        mode: 'items',
        items: [
          { text: 'T-Shirts', link: '/collection/t-shirts/' },
          { text: 'Hoodies & Sweatshirts', link: '/collection/hoodies-and-sweatshirts/' },
        ],
      },
      { title: 'Accessories', link: '/collection/accessories/', mode: 'items', items: [{ text: 'Tote bags', link: '/collection/accessories/' }] },
    ],
  },
  { text: 'New in', href: '/new-in/' },
  { text: 'Sustainability', href: '/sustainability/' },
  { text: 'About', href: '/about/' },
];

export const DEMO_STORE = {
  code: 'demo',
  name: 'Fern & Thread',
  domain: 'localhost',
  theme: 'verde',
  settings: {
    plugins: {
      currency: { enabled: true, mainCurrency: 'GBP', currencies: 'GBP,EUR,USD,CAD,AUD,JPY,SEK' },
      // The demo store loads no analytics or tracking, so it asks no cookie consent (Settings → Subscribers & cookies turns the notice on).
      'cookie-policy': { enabled: false, message: '', allowEssentialOnly: true },
    },
    // §5.2: a shopper searching "hoodies" lands on the collection; "/…" destinations are routed in the app.
    searchRedirects: [{ searchTerm: 'hoodies', destinationUrl: '/collection/hoodies-and-sweatshirts/' }],
    meta: { description: 'Organic clothing, printed when you order it.' },
    sitewideBanner: { enabled: true, text: 'Free UK delivery on orders over £50', backgroundColor: '#2f5d3a', textColor: '#ffffff' },
  },
};
