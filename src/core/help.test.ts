import { describe, expect, it } from 'vitest';
import { helpAddressOf, helpCentreOf, searchHelp } from './help';
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

  it('reads an address: the centre, a question (short or long form), a group, a reason, their lists, and null for a name it lacks', () => {
    const centre = helpCentreOf(page);
    const read = (path: string) => {
      const address = helpAddressOf(path, centre, 'How can we help?');
      return address && [address.kind, address.title, address.question?.name ?? address.group?.code ?? null];
    };
    expect(read('/help/')).toEqual(['home', 'How can we help?', null]);
    expect(read('/help/when-will-my-order-arrive/')).toEqual(['question', 'When will my order arrive?', 'when-will-my-order-arrive']);
    expect(read('/help/question/how-long-does-a-refund-take/?ref=mail')).toEqual(['question', 'How long does a refund take?', 'how-long-does-a-refund-take']);
    expect(read('/help/question/')).toEqual(['question', 'All questions', null]);
    expect(read('/help/group/returns/')).toEqual(['group', 'Returns', 'returns']);
    expect(read('/help/group/')).toEqual(['group', 'Topics', null]);
    expect(read('/help/reason/orders-delivery/')).toEqual(['reason', 'Contact us about orders & delivery', 'orders-delivery']);
    expect(read('/help/reason/')).toEqual(['reason', 'Contact us', null]);
    for (const missing of ['/help/no-such-question/', '/help/question/no-such-question/', '/help/group/nope/', '/help/reason/nope/']) expect(read(missing), missing).toBeNull();
  });
});
