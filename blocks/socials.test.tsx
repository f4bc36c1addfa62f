// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import Socials, { SOCIALS_EMPTY } from './socials';
import type { SocialsProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, pendingFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSocials = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<SocialsProperties>('socials', properties);
  return renderInStore(<Socials block={block} properties={p} mode="native" />);
};
const media = [
  { id: '1', mediaType: 'IMAGE', mediaUrl: '/media/mockup/tshirt/f5f3ec/fern.svg', alt: 'Fern', caption: 'Fern Organic Tee in Natural White', permalink: '/product/fern-organic-tee/Natural%20White/' },
];

describe('socials block', () => {
  it('asks for the §9 default of 20 photos and links each to its product', async () => {
    const fetch = mockFetch(() => json({ media }));
    renderSocials();
    const photo = await screen.findByRole('link', { name: 'Fern Organic Tee in Natural White' });
    expect(photo.getAttribute('href')).toBe('/product/fern-organic-tee/Natural%20White/');
    expect(photo.querySelector('img')!.getAttribute('src')).toBe('/media/mockup/tshirt/f5f3ec/fern.svg');
    expect(fetch.mock.calls[0]![0]).toBe(`/omnis/v3/divisions/${DIVISION_ID}/social/instagram/posts?limit=20`);
  });

  it('lists the social profile links, opening in a new tab', async () => {
    mockFetch(() => json({ media: [] }));
    renderSocials({ links: [{ network: 'instagram', href: 'https://instagram.com/fernandthread' }, { network: 'tiktok', href: 'https://tiktok.com/@fern' }] });
    const insta = screen.getByRole('link', { name: 'Instagram' });
    expect(insta.getAttribute('href')).toBe('https://instagram.com/fernandthread');
    expect(insta.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'TikTok' })).toBeTruthy();
    expect(await screen.findByText(SOCIALS_EMPTY)).toBeTruthy();
  });

  it('asks for nothing when the feed is off', () => {
    const fetch = mockFetch(() => json({ media }));
    renderSocials({ showFeed: false, links: [{ network: 'x', href: 'https://x.com/fern' }] });
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'X' })).toBeTruthy();
  });

  it('shows loading and error states', async () => {
    pendingFetch();
    renderSocials({ limit: 4 });
    expect(screen.getByRole('status', { name: 'Loading photos' }).querySelectorAll('.commerce-skeleton__item')).toHaveLength(4);
    cleanup();
    mockFetch(() => json({}, 500));
    renderSocials();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
