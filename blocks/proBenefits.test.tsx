// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderBlock } from './testing/renderBlock';
import { renderWithStore, testStore } from './content/testing';

afterEach(cleanup);

const benefits = [{ title: 'Custom domain', description: 'Use your own address.' }, { title: 'Lower fees', icon: 'star' }];

describe('proBenefits', () => {
  it('lists the benefits with icons and the upgrade action when it has a link', async () => {
    await renderBlock('proBenefits', { benefits, action: { text: 'Upgrade to Pro', href: '/plugins/pro' } });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')!.textContent)).toEqual(['Custom domain', 'Lower fees']);
    expect(items.every((li) => li.querySelector('svg'))).toBe(true);
    expect(screen.getByText('Use your own address.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/plugins/pro');
  });

  it('§5.2 hides the default action, which has no link', async () => {
    await renderBlock('proBenefits', { benefits });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is hidden for a Pro store unless hideForPro is off', async () => {
    await renderWithStore('proBenefits', { benefits }, testStore({ isPro: true }));
    expect(screen.queryByRole('heading', { name: 'Go Pro' })).toBeNull();
    cleanup();
    await renderWithStore('proBenefits', { benefits, hideForPro: false }, testStore({ isPro: true }));
    expect(screen.getByRole('heading', { name: 'Go Pro' })).toBeTruthy();
    cleanup();
    await renderWithStore('proBenefits', { benefits }, testStore({ isPro: false }));
    expect(screen.getByRole('heading', { name: 'Go Pro' })).toBeTruthy();
  });
});
