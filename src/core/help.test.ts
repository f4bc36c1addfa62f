import { describe, expect, it } from 'vitest';
import { helpCentreOf, searchHelp } from './help';
import type { BlockData } from './storeData';

const block = (uid: string, type: string, properties: Record<string, unknown> = {}, items: BlockData[] = []) => ({ uid, type, properties, items }) as unknown as BlockData;
const page = [
  block('intro', 'textBlock', { text: '<h1>Help</h1>' }),
  block('g1', 'row', {}, [block('t1', 'textBlock', { text: '<h2>Orders &amp; delivery</h2>' }), block('q1', 'expandable', { question: 'When will my order arrive?', answer: '<p>In 3 to 5 days.</p>' })]),
  block('g2', 'row', {}, [block('t2', 'textBlock', { text: '<h2>Returns</h2>' }), block('q2', 'expandable', { question: 'How long does a refund take?', answer: '<p>Up to 10 days for delivery refunds.</p>' })]),
  block('contact', 'mailContactForm', { contactEmail: 'a@b.example' }),
];

describe('help centre from the /help/ page', () => {
  it('reads groups from rows of expandables, questions from expandables and the contact form as the last step', () => {
    const centre = helpCentreOf(page);
    expect(centre.intro.map((b) => b.uid)).toEqual(['intro']);
    expect(centre.groups.map((g) => [g.code, g.title, g.questions.map((q) => q.name)])).toEqual([
      ['orders-delivery', 'Orders & delivery', ['when-will-my-order-arrive']],
      ['returns', 'Returns', ['how-long-does-a-refund-take']],
    ]);
    expect(centre.contact?.uid).toBe('contact');
  });

  it('searches questions (question weighs more than answer) and finds nothing for unrelated words', () => {
    const centre = helpCentreOf(page);
    expect(searchHelp(centre, 'refund').map((q) => q.name)).toEqual(['how-long-does-a-refund-take']);
    expect(searchHelp(centre, 'delivery').map((q) => q.name)).toEqual(['how-long-does-a-refund-take']);
    expect(searchHelp(centre, 'order').map((q) => q.name)).toEqual(['when-will-my-order-arrive']);
    expect(searchHelp(centre, 'zebra')).toEqual([]);
  });
});
