import type { SeedPage } from './demoPages';

/**
 * An unlisted page showing every storefront block type with real content, so a store owner can see what
 * each block looks like in the store's theme (and the e2e suite can draw them all in one place).
 */
const scene = (name: string, alt: string) => ({ src: `/media/scene/${name}.svg`, alt });
const mockup = (garment: string, hex: string, print: string, alt: string) => ({ src: `/media/mockup/${garment}/${hex}/${print}.svg`, alt });
const heading = (uid: string, title: string) => ({ uid, type: 'textBlock', properties: { text: `<h2>${title}</h2>` } });

export const BLOCK_GALLERY: SeedPage = {
  url: '/blocks/',
  sitemap: false,
  properties: { title: 'Block gallery', description: 'Every block this store can use, drawn in its theme.', isSearchable: false },
  blocks: [
    { uid: 'g-intro', type: 'textBlock', properties: { align: 'center', text: '<h1>Block gallery</h1><p>Every block you can add to a page, drawn in this store’s theme.</p>' } },
    { uid: 'g-announcement', type: 'announcement', properties: { text: 'New autumn prints are here', icon: 'star', action: { text: 'Have a look', href: '/new-in/', style: 'secondary' }, alignment: 'space-between' } },
    { uid: 'g-announcement-v2', type: 'announcementV2', properties: { title: 'Orders ship in 3 days', text: 'Everything is printed to order in our UK factory.', variant: 'info' } },
    heading('g-h-basic', 'Text and actions'),
    { uid: 'g-text', type: 'textBlock', size: { x: 6, y: 6 }, properties: { text: '<h3>Rich text</h3><p>Paragraphs, <strong>bold</strong>, <em>italic</em>, <a href="/about/">links</a> and lists:</p><ul><li>Organic cotton</li><li>Water-based inks</li></ul>' } },
    { uid: 'g-quote', type: 'quote', size: { x: 6, y: 6 }, properties: { text: 'The softest tee I own, and it still looks new after a year.', author: 'Priya', authorTitle: 'Verified buyer', rating: 5 } },
    { uid: 'g-button', type: 'button', size: { x: 4, y: 6 }, properties: { text: 'Shop the range', href: '/new-in/', buttonStyle: 'primary' } },
    { uid: 'g-action', type: 'action', size: { x: 8, y: 6 }, properties: { title: 'Add your first product', description: 'Pick a garment and upload a design.', buttonText: 'Start', href: '/new-in/' } },
    { uid: 'g-tag', type: 'tag', size: { x: 3, y: 3 }, properties: { text: 'Organic', href: '/sustainability/' } },
    { uid: 'g-taglets', type: 'taglets', size: { x: 9, y: 6 }, properties: { title: 'Popular', items: [{ text: 'T-Shirts', href: '/collection/t-shirts/' }, { text: 'Hoodies', href: '/collection/hoodies-and-sweatshirts/' }, { text: 'Totes', href: '/collection/accessories/' }] } },
    { uid: 'g-expandable', type: 'expandable', properties: { question: 'How long does delivery take?', answer: '<p>Orders are printed within 3 working days and delivered 1–2 days later in the UK.</p>' } },
    { uid: 'g-spacer', type: 'spacer', properties: { ratio: 'small', divider: true } },
    heading('g-h-media', 'Images and media'),
    { uid: 'g-banner', type: 'banner', properties: { type: 'compact', title: 'A compact banner', copy: 'With copy and an action.', image: scene('meadow', 'A meadow'), action: { text: 'Shop now', href: '/new-in/' } } },
    { uid: 'g-image', type: 'image', size: { x: 6, y: 6 }, properties: { image: scene('dusk', 'Hills at dusk'), ratio: '4:3', caption: 'An image with a caption', zoom: true } },
    { uid: 'g-youtube', type: 'youtube', size: { x: 6, y: 6 }, properties: { video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'How we print' } },
    {
      uid: 'g-slideshow',
      type: 'slideshow',
      properties: { compact: true },
      items: [
        { uid: 'g-slide-1', type: 'slide', properties: { image: scene('forest', 'Forest hills'), title: 'Slide one', copy: 'Slideshows advance on their own.' } },
        { uid: 'g-slide-2', type: 'slide', properties: { image: scene('coast', 'The coast'), title: 'Slide two', copy: 'Use the arrows or dots too.' } },
      ],
    },
    {
      uid: 'g-carousel',
      type: 'carousel',
      properties: { title: 'A carousel' },
      items: ['fern', 'mountain', 'wave', 'sun'].map((print, i) => ({ uid: `g-carousel-${i}`, type: 'image', size: { x: 3, y: 3 }, properties: { image: mockup('tshirt', 'f5f3ec', print, `A ${print} print tee`), ratio: 'square' } })),
    },
    { uid: 'g-iframe', type: 'iframe', properties: { src: 'https://www.openstreetmap.org/export/embed.html?bbox=-3.2%2C51.4%2C-3.1%2C51.5', title: 'Our workshop on a map', height: 360 } },
    { uid: 'g-html', type: 'html', properties: { html: '<p style="text-align:center">Custom HTML is sanitised: <mark>no scripts run</mark>.</p>' } },
    heading('g-h-layout', 'Layout'),
    {
      uid: 'g-row',
      type: 'row',
      properties: { align: 'center' },
      items: [
        { uid: 'g-row-card-1', type: 'card', size: { x: 4, y: 6 }, properties: { image: scene('forest', 'Forest'), title: 'Cards in a row', copy: 'A row lays its blocks side by side.', href: '/about/' } },
        { uid: 'g-row-card-2', type: 'card', size: { x: 4, y: 6 }, properties: { image: scene('coast', 'Coast'), title: 'Linked cards', copy: 'The whole card is one link.', href: '/sustainability/' } },
        { uid: 'g-row-card-3', type: 'card', size: { x: 4, y: 6 }, properties: { image: scene('dusk', 'Dusk'), title: 'Any content', copy: 'Rows hold any block type.', href: '/new-in/' } },
      ],
    },
    {
      uid: 'g-grid',
      type: 'grid',
      properties: { title: 'A grid of pods' },
      items: [
        { uid: 'g-pod-1', type: 'pod', properties: { image: mockup('hoodie', '2f5d3a', 'leaf', 'Evergreen Hoodie'), title: 'Evergreen Hoodie', price: 4800, buttonText: 'View', href: '/new-in/' } },
        { uid: 'g-pod-2', type: 'pod', properties: { image: mockup('tshirt', '1e2a44', 'stars', 'Night Sky Tee'), title: 'Night Sky Tee', price: 2700, salePrice: 2200, badge: 'Sale', buttonText: 'View', href: '/new-in/' } },
        { uid: 'g-pod-3', type: 'pod', properties: { image: mockup('tote', 'f5f3ec', 'sun', 'Market Tote'), title: 'Market Tote', price: 1500, buttonText: 'View', href: '/new-in/' } },
      ],
    },
    { uid: 'g-factory', type: 'grid', properties: { title: 'A grid filled from the catalogue', itemFactory: { source: 'products', limit: 3, params: { collection: 'accessories' } } } },
    heading('g-h-commerce', 'Products'),
    { uid: 'g-product-list', type: 'productList', properties: { title: 'Product list', limit: 4 } },
    { uid: 'g-product-mockup', type: 'productMockup', properties: { product: 'evergreen-hoodie', title: 'Product suggestion' } },
    { uid: 'g-studio', type: 'studioSuggestion', properties: { title: 'Design your own', limit: 3 } },
    { uid: 'g-catalog', type: 'catalog', properties: { title: 'Catalogue', limit: 4 } },
    heading('g-h-marketing', 'Marketing'),
    { uid: 'g-feed', type: 'feed', properties: { title: 'From the journal', limit: 4 } },
    { uid: 'g-socials', type: 'socials', properties: { title: 'Follow us', limit: 5, links: [{ network: 'instagram', href: 'https://instagram.com/fernandthread' }, { network: 'pinterest', href: 'https://pinterest.com/fernandthread' }] } },
    { uid: 'g-newsletter', type: 'newsletterSubscribe', size: { x: 6, y: 6 } },
    { uid: 'g-contact', type: 'mailContactForm', size: { x: 6, y: 6 }, properties: { contactEmail: 'hello@fernandthread.example' } },
    { uid: 'g-remill', type: 'remillReturn', properties: { title: 'Send back a worn-out garment' } },
    { uid: 'g-pro', type: 'proBenefits', properties: { title: 'Why go Pro', benefits: [{ title: 'Your own domain' }, { title: 'Lower base costs' }, { title: 'Priority printing' }] } },
    { uid: 'g-gate', type: 'gate', properties: { title: 'Members only' } },
    { uid: 'g-live-chat', type: 'liveChat', properties: { title: 'Questions?', body: 'We usually answer within a day.', contactEmail: 'hello@fernandthread.example', showAfterSeconds: 0 } },
    heading('g-h-other', 'Other blocks'),
    { uid: 'g-price-breakdown', type: 'priceBreakdown', properties: { title: 'Where your money goes', product: 'fern-organic-tee' } },
    { uid: 'g-affiliate', type: 'affiliateAttribution', properties: {} },
    { uid: 'g-store-hidden', type: 'storeHidden', properties: { title: 'Shown while the store is closed' } },
    { uid: 'g-placeholder', type: 'placeholder', properties: { label: 'Empty slot' } },
  ],
};
