// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import Feed, { FEED_EMPTY } from './feed';
import type { FeedProperties } from '../src/core/generated/blockProperties';
import { blockOf, DIVISION_ID, json, mockFetch, page, pendingFetch, renderInStore } from './commerce/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderFeed = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<FeedProperties>('feed', properties);
  return renderInStore(<Feed block={block} properties={p} mode="native" />);
};
const post = {
  id: 1,
  url: 'why-we-print-to-order',
  title: 'Why we only print what you order',
  excerpt: 'A third of clothes are never sold.',
  tags: [],
  publishedAt: '2025-03-18T09:00:00.000Z',
  metaImage: { src: '/media/scene/forest.svg', alt: 'Green hills', banner: '/media/scene/forest.svg', thumbnail: '/media/scene/forest.svg' },
};

describe('feed block', () => {
  it('asks for the latest posts of the store (lite) and links each to /blog/{post}/', async () => {
    const fetch = mockFetch(() => json(page([post])));
    renderFeed({ limit: 2, tag: 'care' });
    const link = await screen.findByRole('link', { name: 'Why we only print what you order' });
    expect(link.getAttribute('href')).toBe('/blog/why-we-print-to-order/');
    expect(fetch.mock.calls[0]![0]).toBe(`/omnis/v3/blog/paginate/?paginate=2&divisions=${DIVISION_ID}&lite=1&tag=care`);
    expect(screen.getByRole('img', { name: 'Green hills' }).getAttribute('src')).toBe('/media/scene/forest.svg');
    expect(screen.getByText('18 March 2025')).toBeTruthy();
    expect(screen.getByText('A third of clothes are never sold.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'From the blog' })).toBeTruthy();
  });

  it('hides excerpts when told to', async () => {
    mockFetch(() => json(page([post])));
    renderFeed({ showExcerpt: false });
    await screen.findByRole('link', { name: 'Why we only print what you order' });
    expect(screen.queryByText('A third of clothes are never sold.')).toBeNull();
  });

  it('shows loading, empty and error states', async () => {
    pendingFetch();
    renderFeed();
    expect(screen.getByRole('status', { name: 'Loading posts' }).querySelectorAll('.commerce-skeleton__item')).toHaveLength(3);
    cleanup();
    mockFetch(() => json(page([])));
    renderFeed();
    expect(await screen.findByText(FEED_EMPTY)).toBeTruthy();
    cleanup();
    mockFetch(() => json({ message: '404 Not found' }, 404));
    renderFeed();
    expect((await screen.findByRole('alert')).textContent).toContain('Oops... looks like something went wrong. Please try again.');
  });
});
