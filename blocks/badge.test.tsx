// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { buildBlock, renderBlock } from './testing/renderBlock';
import { BADGE_NAMES } from './badge';

afterEach(cleanup);

describe('badge', () => {
  it('names every §6 onboarding badge code of the schema', () => {
    expect(Object.keys(BADGE_NAMES)).toEqual(['sign-up', 'card', 'designer', 'profile', 'theme', 'homepage', 'entrepreneur']);
    expect(buildBlock('badge', { code: 'unknown' }).errors).not.toHaveLength(0);
  });

  it('draws a locked badge with its own name and the step that unlocks it', async () => {
    await renderBlock('badge', { code: 'card', href: '/dashboard/billing/' });
    expect(screen.getByRole('heading', { name: 'Billing set-up' })).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/dashboard/billing/');
  });

  it('prefers the editor title and hides a button without a link', async () => {
    await renderBlock('badge', { code: 'theme', title: 'Pick a look' });
    expect(screen.getByRole('heading', { name: 'Pick a look' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
