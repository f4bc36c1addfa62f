/** The demo store's blog (§7 blog paginate): four posts, newest first, each with a scene image. */

export interface DemoPost {
  url: string;
  title: string;
  excerpt: string;
  body: string;
  image: { src: string; alt: string };
  tags: string[];
  author: string;
  publishedAt: string;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    url: 'why-we-print-to-order',
    title: 'Why we only print what you order',
    excerpt: 'A third of the clothes made every year are never sold. Printing to order is how we make sure none of ours join them.',
    body: '<p>Most fashion brands guess. They guess how many medium tees in forest green will sell next spring, order them months ahead, and sell off or burn what is left.</p><p>We do not guess. Every piece in our shop is a blank organic garment until you order it; then it is printed, checked and packed within a few days.</p><h2>What it means for you</h2><ul><li>Every size and colour is always available.</li><li>Your order ships in 3 to 5 working days.</li><li>Nothing we make ends up in landfill unworn.</li></ul>',
    image: { src: '/media/scene/forest.svg', alt: 'Layered green hills under a pale sky' },
    tags: ['sustainability', 'how-we-work'],
    author: 'Ines Fern',
    publishedAt: '2025-03-18T09:00:00Z',
  },
  {
    url: 'caring-for-organic-cotton',
    title: 'How to make your organic tee last ten years',
    excerpt: 'Wash cold, skip the dryer, turn it inside out. Five small habits that keep prints sharp and cotton soft.',
    body: '<p>Organic cotton is tougher than it feels, but heat is its enemy. These habits keep a tee going for years:</p><ol><li>Wash at 30°C or colder, inside out.</li><li>Use a gentle, plant-based detergent.</li><li>Line dry in the shade instead of tumble drying.</li><li>Iron on the reverse, never over the print.</li><li>Mend small holes early.</li></ol><p>And when it is finally worn through, send it back to us for free and we will turn it into new yarn.</p>',
    image: { src: '/media/scene/meadow.svg', alt: 'A meadow in golden light' },
    tags: ['care', 'sustainability'],
    author: 'Tom Thread',
    publishedAt: '2025-02-27T09:00:00Z',
  },
  {
    url: 'the-coastline-collection',
    title: 'Behind the Coastline collection',
    excerpt: 'Our illustrator spent a windy week on the Pembrokeshire coast. The wave print on the Coastline Hoodie is what she brought back.',
    body: '<p>The Coastline Hoodie started as a sketchbook full of waves drawn from the cliff path between St Davids and Porthgain.</p><p>We printed the final wave in a single ink on heavyweight organic fleece, in navy and sand, the two colours of that week.</p><p>Like everything we sell, it is printed when you order it.</p>',
    image: { src: '/media/scene/coast.svg', alt: 'Blue hills rolling down to the sea' },
    tags: ['collections', 'design'],
    author: 'Ines Fern',
    publishedAt: '2025-02-05T09:00:00Z',
  },
  {
    url: 'send-it-back',
    title: 'Worn it out? Send it back',
    excerpt: 'Our free take-back scheme turns old tees and hoodies into new clothes, and gives you credit towards your next order.',
    body: '<p>Clothes wear out. When yours do, do not bin them: request a free returns label, post them back, and we will sort, shred and respin the cotton into new yarn.</p><p>Every returned piece earns credit towards your next order, whoever made it.</p>',
    image: { src: '/media/scene/dusk.svg', alt: 'Hills at dusk in warm colours' },
    tags: ['sustainability', 'take-back'],
    author: 'Tom Thread',
    publishedAt: '2025-01-14T09:00:00Z',
  },
];
