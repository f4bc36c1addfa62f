// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { SetupChecklist } from './SetupChecklist';
import { DashboardScreen } from './Dashboard';
import { session } from '../session';
import { DIVISION_ID, json, mockFetch, renderScreen, testStore, user } from '../testing';
import { SETUP_STEPS, type SetupStepCode, type StoreSetup } from '../../core/setupSteps';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => session.set(user()));

const EDIT = `/dashboard/pages/11/edit?store=${DIVISION_ID}`;

function setupWith(done: SetupStepCode[]): StoreSetup {
  const steps = SETUP_STEPS.map((s) => ({ code: s.code, title: s.title, done: done.includes(s.code), href: s.code === 'homepage' || s.code === 'theme' ? EDIT : null }));
  return { steps, next: steps.find((s) => !s.done)?.code ?? null };
}

const checklist = () => screen.getByRole('region', { name: 'Get your store ready' });

describe('"Get your store ready" checklist', () => {
  it('a new store: every step listed in order, the homepage highlighted as next with a button to the builder', async () => {
    const calls = mockFetch(() => json(setupWith([])));
    renderScreen(<SetupChecklist divisionId={DIVISION_ID} />, '/dashboard/');
    expect(screen.getByText('Loading your checklist…')).toBeTruthy();
    const button = await screen.findByRole('link', { name: 'Edit your homepage' });
    expect(calls.map((c) => c.url)).toEqual([`/omnis/v3/divisions/${DIVISION_ID}/setup/`]);
    expect(button.getAttribute('href')).toBe(EDIT);
    const items = within(checklist()).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.setup__name')!.textContent)).toEqual([
      'Design your homepage (next step)',
      'Add a collection (to do)',
      'Create a product with your design (to do)',
      'Choose the look of your store (to do)',
      'Make your first sale (to do)',
    ]);
    expect(items[0]!.getAttribute('aria-current')).toBe('step');
    expect(within(items[0]!).getByText(SETUP_STEPS[0].hint)).toBeTruthy();
    expect(screen.getByText('0 of 5 done')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Set-up progress' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('after the homepage: it is ticked, the collection is next (its hint, no screen to link to)', async () => {
    mockFetch(() => json(setupWith(['homepage'])));
    renderScreen(<SetupChecklist divisionId={DIVISION_ID} />, '/dashboard/');
    const next = await screen.findByTestId('setup-step-collection');
    expect(next.getAttribute('aria-current')).toBe('step');
    expect(within(next).getByText(SETUP_STEPS[1].hint)).toBeTruthy();
    expect(within(next).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('setup-step-homepage').textContent).toBe('Design your homepage (done)');
    expect(screen.getByTestId('setup-step-homepage').className).toContain('setup__step--done');
    expect(screen.getByText('1 of 5 done')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit your homepage' })).toBeNull();
  });

  it('the theme step links to the page builder; every step done says the store is ready', async () => {
    mockFetch(() => json(setupWith(['homepage', 'collection', 'product'])));
    renderScreen(<SetupChecklist divisionId={DIVISION_ID} />, '/dashboard/');
    expect((await screen.findByRole('link', { name: 'Choose a theme' })).getAttribute('href')).toBe(EDIT);
    cleanup();
    mockFetch(() => json(setupWith(['homepage', 'collection', 'product', 'theme', 'sale'])));
    renderScreen(<SetupChecklist divisionId={DIVISION_ID} />, '/dashboard/');
    expect(await screen.findByRole('heading', { name: 'Your store is ready' })).toBeTruthy();
    expect(screen.getByText('Every set-up step is done. Time to tell the world.')).toBeTruthy();
  });

  it('a failed load says so and tries again on request', async () => {
    let fail = true;
    const calls = mockFetch(() => (fail ? json({ message: 'Permission denied' }, 403) : json(setupWith([]))));
    renderScreen(<SetupChecklist divisionId={DIVISION_ID} />, '/dashboard/');
    expect((await screen.findByRole('alert')).textContent).toBe("Your checklist didn't load: Permission denied");
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Edit your homepage' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('the dashboard shows one checklist per store', async () => {
    mockFetch((call) => (call.url.includes('/setup/') ? json(setupWith(['homepage'])) : json({ user: session.get().user })));
    renderScreen(<DashboardScreen />, '/dashboard/', testStore());
    const store = await screen.findByRole('listitem', { name: 'Fern & Thread' });
    expect(await within(store).findByRole('region', { name: 'Get your store ready' })).toBeTruthy();
    expect(await within(store).findByTestId('setup-step-collection')).toBeTruthy();
  });
});
