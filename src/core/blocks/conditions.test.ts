import { describe, expect, it } from 'vitest';
import { BLOCK_CONDITIONS, blockConditions, type VisitorFacts } from './conditions';
import { visibleBlocks } from './visibility';
import type { BlockData } from '../storeData';

const facts = (over: Partial<VisitorFacts> = {}): VisitorFacts => ({ loggedIn: false, width: 1200, query: new URLSearchParams(), country: null, ...over });
const pass = (over: Partial<VisitorFacts>) => Object.entries(blockConditions(facts(over))).filter(([, check]) => check()).map(([name]) => name).sort();

const block = (uid: string, conditions: string[] = [], extra: Partial<BlockData> = {}): BlockData => ({
  uid, type: 'textBlock', order: 0, size: { x: 12, y: 6 }, items: [], properties: { conditions }, flags: {}, unpublished: false, padding: true, fullWidth: false, fullBackgroundColor: '', ...extra,
});

describe('block conditions (§4)', () => {
  it('decides every listed name from the visitor facts', () => {
    expect(Object.keys(blockConditions(facts())).sort()).toEqual(Object.keys(BLOCK_CONDITIONS).sort());
    expect(pass({})).toEqual(['desktop', 'logged-out', 'not-from-mail']);
    expect(pass({ loggedIn: true, width: 390, country: 'gb' })).toEqual(['country-gb', 'logged-in', 'mobile', 'not-from-mail']);
    expect(pass({ query: new URLSearchParams('cgi=teemail'), country: 'GR' })).toEqual(['country-eu', 'desktop', 'from-mail', 'logged-out']);
    expect(pass({ query: new URLSearchParams('utm_source_platform=teemail'), country: 'US' })).toEqual(['country-row', 'desktop', 'from-mail', 'logged-out']);
  });

  it('a block shows only if all its conditions pass; an unknown name is reported and hides it; empty containers hide', () => {
    const reported: string[] = [];
    const conditions = blockConditions(facts({ loggedIn: true }));
    const shown = visibleBlocks(
      [
        block('always'),
        block('members', ['logged-in', 'desktop']),
        block('guests', ['logged-out']),
        block('typo', ['logged_in']),
        block('row', [], { type: 'row', items: [block('inner', ['logged-out'])] }),
        block('draft', [], { unpublished: true }),
      ],
      conditions,
      (m) => reported.push(m),
    );
    expect(shown.map((b) => b.uid)).toEqual(['always', 'members']);
    expect(reported).toEqual(['Invalid block condition "logged_in" on block typo']);
  });
});
