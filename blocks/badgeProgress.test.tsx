// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import BadgeProgress, { type ProjectBadge } from './badgeProgress';
import type { BadgeProgressProperties } from '../src/core/generated/blockProperties';
import { session } from '../src/auth/session';
import { user } from '../src/auth/testing';
import { blockOf, DIVISION_ID, json, mockFetch, pendingFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => session.set(null));
});

const owner = user({ email: 'o@example.com', firstName: 'Fern', lastName: 'Owner' });
const badges = (unlocked: string[]): { data: ProjectBadge[] } => ({
  data: ['sign-up', 'card', 'designer', 'profile', 'theme', 'homepage', 'entrepreneur'].map((code) => ({
    code,
    unlocked: unlocked.includes(code),
    groups: ['onboarding'],
  })),
});
const renderProgress = async (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<BadgeProgressProperties>('badgeProgress', properties);
  const r = renderInStore(<BadgeProgress block={block} properties={p} mode="native" />);
  await act(async () => {});
  return r;
};

describe('badgeProgress block', () => {
  it('renders nothing for visitors and asks nothing', async () => {
    const fetch = mockFetch(() => json({}, 401));
    act(() => session.set(null));
    const { container } = await renderProgress();
    expect(container.textContent).toBe('');
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/stats/'))).toBe(false);
  });

  it('renders nothing while loading', async () => {
    pendingFetch();
    act(() => session.set(owner));
    const { container } = await renderProgress();
    expect(container.textContent).toBe('');
  });

  it('steps: every badge with its state and the next step', async () => {
    const fetch = mockFetch(() => json(badges(['sign-up', 'designer', 'profile'])));
    act(() => session.set(owner));
    await renderProgress();
    await screen.findByText('3 of 7 unlocked');
    expect(String(fetch.mock.calls.find((c) => String(c[0]).includes('/stats/'))![0])).toBe(`/omnis/v3/divisions/${DIVISION_ID}/stats/onboarding/`);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '✓Signed up (unlocked)',
      'Billing set up (locked)',
      '✓Designer (unlocked)',
      '✓Profile (unlocked)',
      'Theme (locked)',
      'Homepage (locked)',
      'Entrepreneur (locked)',
    ]);
    expect(screen.getByText('Next: Add a card for billing.')).toBeTruthy();
  });

  it('bar layout, completed badges hidden, group filter', async () => {
    mockFetch(() => json(badges(['sign-up', 'card'])));
    act(() => session.set(owner));
    await renderProgress({ layout: 'bar' });
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('29');
    cleanup();
    await renderProgress({ showCompleted: false });
    await screen.findByText('2 of 7 unlocked');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    cleanup();
    const { container } = await renderProgress({ group: 'other' });
    expect(container.textContent).toBe('');
  });

  it('hides when all are unlocked unless told otherwise; errors offer a retry', async () => {
    const all = ['sign-up', 'card', 'designer', 'profile', 'theme', 'homepage', 'entrepreneur'];
    mockFetch(() => json(badges(all)));
    act(() => session.set(owner));
    const { container } = await renderProgress();
    expect(container.textContent).toBe('');
    cleanup();
    await renderProgress({ hideWhenComplete: false });
    expect(await screen.findByText('7 of 7 unlocked')).toBeTruthy();
    cleanup();
    mockFetch(() => json({}, 500));
    await renderProgress();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
