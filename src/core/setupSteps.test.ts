import { describe, expect, it } from 'vitest';
import { FIRST_SETUP_STEP, SETUP_STEPS, isHomepage, nextSetupStep, storeSetupOf, type SetupStepCode } from './setupSteps';

describe('store set-up steps', () => {
  it('are homepage, then collection (§4 Page save), then product, theme and the first sale, with these titles', () => {
    expect(SETUP_STEPS.map((s) => [s.code, s.title])).toEqual([
      ['homepage', 'Design your homepage'],
      ['collection', 'Add a collection'],
      ['product', 'Create a product with your design'],
      ['theme', 'Choose the look of your store'],
      ['sale', 'Make your first sale'],
    ]);
    expect(FIRST_SETUP_STEP).toBe('homepage');
  });

  it('next is the first step not done, in order; null when all are done', () => {
    expect(nextSetupStep(new Set())).toBe('homepage');
    expect(nextSetupStep(new Set<SetupStepCode>(['homepage']))).toBe('collection');
    expect(nextSetupStep(new Set<SetupStepCode>(['homepage', 'collection', 'theme']))).toBe('product');
    expect(nextSetupStep(new Set<SetupStepCode>(['collection']))).toBe('homepage');
    expect(nextSetupStep(new Set(SETUP_STEPS.map((s) => s.code)))).toBeNull();
  });

  it('the homepage and the theme are done in the page builder; the others have no screen yet', () => {
    const setup = storeSetupOf(new Set<SetupStepCode>(['homepage']), { divisionId: 4, homepageId: 12 });
    expect(setup.steps.map((s) => [s.code, s.done, s.href])).toEqual([
      ['homepage', true, '/dashboard/pages/12/edit?store=4'],
      ['collection', false, null],
      ['product', false, null],
      ['theme', false, '/dashboard/pages/12/edit?store=4'],
      ['sale', false, null],
    ]);
    expect(setup.next).toBe('collection');
    expect(storeSetupOf(new Set(), { divisionId: 4, homepageId: null }).steps[0]!.href).toBe('/dashboard/pages/?store=4');
  });

  it('the homepage is the page flagged homepage, or the page at /', () => {
    expect(isHomepage({ url: '/', flags: {} })).toBe(true);
    expect(isHomepage({ url: '/home/', flags: { homepage: true } })).toBe(true);
    expect(isHomepage({ url: '/about/', flags: { homepage: false } })).toBe(false);
  });
});
