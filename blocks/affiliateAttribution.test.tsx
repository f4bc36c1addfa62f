// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import AffiliateAttribution, { AFFILIATE_COOKIE } from './affiliateAttribution';
import type { AffiliateAttributionProperties } from '../src/core/generated/blockProperties';
import type { RenderMode } from '../src/renderer/types';
import { blockOf } from './commerce/testing';

const clearCookie = () => (document.cookie = `${AFFILIATE_COOKIE}=; Max-Age=0; Path=/`);
beforeEach(clearCookie);
afterEach(() => {
  cleanup();
  clearCookie();
});

async function renderAt(url: string, properties: Record<string, unknown> = {}, mode: RenderMode = 'native') {
  const { block, properties: p } = blockOf<AffiliateAttributionProperties>('affiliateAttribution', properties);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <AffiliateAttribution block={block} properties={p} mode={mode} />,
      },
    ],
    { initialEntries: [url] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

describe('affiliateAttribution block', () => {
  it('remembers ?ref= in a cookie and shows "Recommended by {{name}}"', async () => {
    await renderAt('/?ref=sam-k');
    expect(screen.getByRole('status').textContent).toBe('Recommended by sam-k');
    expect(document.cookie).toContain(`${AFFILIATE_COOKIE}=sam-k`);
  });

  it('writes the cookie for cookieDays', async () => {
    const writes: string[] = [];
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => desc.get!.call(document),
      set: (v: string) => (writes.push(v), desc.set!.call(document, v)),
    });
    try {
      await renderAt('/?ref=abc', { cookieDays: 7 });
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
    expect(writes.find((w) => w.startsWith(`${AFFILIATE_COOKIE}=abc`))).toContain('Max-Age=604800');
  });

  it('uses the configured parameter and message; a remembered code shows on later pages', async () => {
    await renderAt('/?aff=jo', {
      queryParameter: 'aff',
      message: 'Thanks for coming via {{name}}!',
    });
    expect(screen.getByRole('status').textContent).toBe('Thanks for coming via jo!');
    cleanup();
    await renderAt('/about/', { queryParameter: 'aff' });
    expect(screen.getByRole('status').textContent).toBe('Recommended by jo');
  });

  it('renders nothing without a code, with showMessage off, or for a malformed code', async () => {
    await renderAt('/');
    expect(screen.queryByRole('status')).toBeNull();
    await renderAt('/?ref=zed', { showMessage: false });
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.cookie).toContain(`${AFFILIATE_COOKIE}=zed`);
    clearCookie();
    cleanup();
    await renderAt('/?ref=%3Cscript%3E');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.cookie).not.toContain(AFFILIATE_COOKIE);
  });

  it('the builder preview does not set the cookie', async () => {
    await renderAt('/?ref=preview', {}, 'preview');
    expect(screen.getByRole('status').textContent).toBe('Recommended by preview');
    expect(document.cookie).not.toContain(AFFILIATE_COOKIE);
  });
});
