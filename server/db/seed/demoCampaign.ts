import type { SeedPage } from './demoPages';

/** §2.2 /teemail/{page}: the demo store's spring newsletter, a mail page of mail-compatible blocks. */
export const CAMPAIGN_SEED_PAGE: SeedPage = {
  url: '/teemail/spring-letter/',
  layout: 'mail',
  sitemap: false,
  properties: { title: 'Spring at Fern & Thread', description: 'New colours, a new artist and free returns.', isMailPage: true },
  blocks: [
    { uid: 'mail-intro', type: 'textBlock', properties: { text: '<h1>Spring is here</h1><p>Three things from the studio this month: fresh colours, a new artist and a simpler way to send worn-out clothes back.</p>', align: 'center' } },
    { uid: 'mail-hero', type: 'image', properties: { image: { src: '/media/scene/meadow.svg', alt: 'A meadow in spring' }, link: '/collection/t-shirts/' } },
    {
      uid: 'mail-colours',
      type: 'feature',
      properties: {
        title: 'New spring colours',
        copy: '<p>Our organic tees now come in Dusty Pink and Ochre, printed to order with water-based inks.</p>',
        image: { src: '/media/mockup/tshirt/d9a5a0/bloom.svg', alt: 'A pink tee with a bloom print' },
        textAlign: 'center',
        action: { text: 'Shop T-Shirts', href: '/collection/t-shirts/' },
      },
    },
    {
      uid: 'mail-artist',
      type: 'feature',
      properties: {
        title: 'Meet Ines Fern',
        copy: '<p>Ines draws the plants she finds on walks near the studio. See everything she has made for us.</p>',
        textAlign: 'center',
        action: { text: 'See her work', href: '/creator/ines-fern/' },
      },
    },
    { uid: 'mail-divider', type: 'spacer', properties: { divider: true } },
    { uid: 'mail-returns', type: 'textBlock', properties: { text: '<p>Worn something out? <a href="/blog/send-it-back/">Send it back</a> and we will turn it into something new.</p>' } },
    { uid: 'mail-button', type: 'button', properties: { text: 'Visit the shop', href: '/', align: 'center' } },
  ],
};
