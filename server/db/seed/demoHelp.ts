import type { SeedPage } from './demoPages';

type QA = [question: string, answer: string];

const GROUPS: { code: string; title: string; questions: QA[] }[] = [
  {
    code: 'orders',
    title: 'Orders and delivery',
    questions: [
      ['When will my order arrive?', '<p>We print every piece after you order it and dispatch within 3 to 5 working days. UK standard delivery then takes 2 to 3 working days, express the next working day.</p>'],
      ['Can I change or cancel my order?', '<p>Until your order is printed you can change the address or cancel it: write to us below with your order number. Once printing has started we can no longer change it.</p>'],
      ['Do you deliver outside the UK?', '<p>Yes. International delivery is £12.95 and usually takes 5 to 10 working days after dispatch. Import duties may be charged by your country.</p>'],
    ],
  },
  {
    code: 'returns',
    title: 'Returns and refunds',
    questions: [
      ['My item arrived damaged. What now?', '<p>Sorry about that. Send us a photo through the form below within 30 days and we will reprint it or refund you in full, including delivery.</p>'],
      ['Can I return something that does not fit?', '<p>Because each item is printed for you, we cannot take back items that fit as described. Check the size guide on each product page before you order.</p>'],
      ['How long does a refund take?', '<p>Refunds reach your card within 5 to 10 working days of our approval.</p>'],
    ],
  },
  {
    code: 'care',
    title: 'Sizing and care',
    questions: [
      ['How do your sizes fit?', '<p>Our tees and hoodies are a regular unisex fit. If you are between sizes, choose the larger one for a relaxed fit.</p>'],
      ['How should I wash my clothes?', '<p>Wash at 30°C inside out, line dry and iron on the reverse. See our <a href="/blog/caring-for-organic-cotton/">care guide</a>.</p>'],
    ],
  },
  {
    code: 'payments',
    title: 'Payments',
    questions: [
      ['Which payment methods do you accept?', '<p>All major debit and credit cards and digital wallets. Prices are in pounds and include UK VAT.</p>'],
      ['Is paying on this site secure?', '<p>Yes. Card details go straight to our payment provider over an encrypted connection; we never see or store your full card number.</p>'],
    ],
  },
];

/** The demo store's help centre: an intro, one row per group of questions, and the contact form last. */
export const HELP_SEED_PAGE: SeedPage = {
  url: '/help/',
  properties: { title: 'Help centre', description: 'Answers about orders, delivery, returns, sizing and payments, and a way to reach us.' },
  blocks: [
    { uid: 'help-intro', type: 'textBlock', properties: { text: '<h1>How can we help?</h1><p>Search our answers or browse by topic. Still stuck? Write to us at the bottom of the page.</p>' } },
    ...GROUPS.map((group) => ({
      uid: `help-group-${group.code}`,
      type: 'row',
      properties: { direction: 'column' },
      items: [
        { uid: `help-group-${group.code}-title`, type: 'textBlock', properties: { text: `<h2>${group.title}</h2>` } },
        ...group.questions.map(([question, answer], i) => ({ uid: `help-${group.code}-${i + 1}`, type: 'expandable', properties: { question, answer } })),
      ],
    })),
    { uid: 'help-contact', type: 'mailContactForm', properties: { title: 'Contact us', copy: 'We answer within one working day.', contactEmail: 'hello@fernandthread.example' } },
  ],
};
