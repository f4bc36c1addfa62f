// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { StoreContext } from '../src/app/StoreContext';
import { setCurrency } from '../src/app/currency';
import { formatConverted, SUPPORTED_CURRENCIES } from '../src/core/currency';
import { PageRenderer } from '../src/renderer/PageRenderer';
import { preloadBlockTypes } from '../src/renderer/registry';
import { ProductCard } from './commerce/ProductCard';
import { product } from './commerce/testing';
import { buildBlock, renderBlock } from './testing/renderBlock';
import { renderWithStore, testStore } from './content/testing';
import { POD_BUTTON_STYLE_KEYS, POD_TITLE_SIZE_MAX, POD_TITLE_SIZE_MIN, clampTitleSize, podButtonStyle } from './pod';

afterEach(() => {
  cleanup();
  setCurrency('GBP');
});

describe('pod (Content)', () => {
  it('has the §3 defaults: ratio square, text align center, text size large', () => {
    const { block } = buildBlock('pod');
    expect(block.properties).toMatchObject({ ratio: 'square', textAlign: 'center', textSize: 'large', titleSize: 2 });
    expect(block.size.x).toBe(3);
  });

  it('§5.2 title size runs 0 to 4 and maps onto the heading scale', async () => {
    expect([POD_TITLE_SIZE_MIN, POD_TITLE_SIZE_MAX]).toEqual([0, 4]);
    expect(buildBlock('pod', { titleSize: 5 }).errors.map((e) => e.message)).toContain('Must be between 0 and 4');
    expect(buildBlock('pod', { titleSize: -1 }).errors.map((e) => e.message)).toContain('Must be between 0 and 4');
    expect(clampTitleSize(9)).toBe(4);
    await renderBlock('pod', { title: 'Fern Tee', titleSize: 4 });
    expect(screen.getByRole('heading', { name: 'Fern Tee' }).className).toContain('pod__title--4');
  });

  it('formats the price in GBP without a store, with prefix and sale price', async () => {
    await renderBlock('pod', { title: 'Tidal Tee', pricePrefix: 'From', price: 2500, salePrice: 1900 });
    const price = document.querySelector('.pod__price')!;
    expect(price.textContent).toBe('From Was £25.00 now £19.00');
    expect(price.querySelector('del')!.textContent).toBe('£25.00');
  });

  it("shows the shopper's chosen currency at its §9 rate", async () => {
    setCurrency('USD');
    await renderWithStore('pod', { price: 2500 }, testStore({ currencies: ['USD', 'EUR'] }));
    expect(document.querySelector('.pod__price')!.textContent).toBe('US$50.00');
    cleanup();
    setCurrency('EUR');
    await renderWithStore('pod', { price: 123456 }, testStore({ currencies: ['USD', 'EUR'] }));
    expect(document.querySelector('.pod__price')!.textContent).toBe('1.234,56\u00a0€');
  });

  it('agrees with a product card on the same amount in every currency', async () => {
    const store = testStore({ currencies: [...SUPPORTED_CURRENCIES] });
    const { block } = buildBlock('pod', { price: 2500 });
    await preloadBlockTypes(['pod']);
    for (const code of SUPPORTED_CURRENCIES) {
      setCurrency(code);
      const router = createMemoryRouter([
        {
          path: '*',
          element: (
            <StoreContext.Provider value={store}>
              <PageRenderer blocks={[block]} mode="native" />
              <ProductCard product={product({ price: 2500 })} ratio={1} />
            </StoreContext.Provider>
          ),
        },
      ]);
      await act(async () => {
        render(<RouterProvider router={router} />);
      });
      const pod = document.querySelector('.pod__price')!.textContent;
      const card = document.querySelector('.product-card__price')!.textContent;
      expect(pod, code).toBe(formatConverted(2500, 'GBP', code));
      expect(card, code).toBe(pod);
      cleanup();
    }
  });

  it('is one link: the button when there is button text, else the title', async () => {
    await renderBlock('pod', { title: 'Summit Tee', buttonText: 'Shop now', href: '/product/summit-tee/' });
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveProperty('textContent', 'Shop now');
    expect(links[0]!.getAttribute('href')).toBe('/product/summit-tee/');
    cleanup();
    await renderBlock('pod', { title: 'Summit Tee', href: '/product/summit-tee/' });
    expect(screen.getByRole('link', { name: 'Summit Tee' }).getAttribute('href')).toBe('/product/summit-tee/');
    cleanup();
    await renderBlock('pod', { title: 'Summit Tee', buttonText: 'Shop now' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('§5.2 applies only the allowed button style keys', async () => {
    expect(POD_BUTTON_STYLE_KEYS).toEqual(['textColor', 'backgroundColor', 'borderColor', 'borderRadius', 'fill']);
    expect(buildBlock('pod', { buttonStyles: { fontSize: '20px' } }).errors).not.toHaveLength(0);
    const smuggled = { textColor: '#fff', backgroundColor: '#123456', fontSize: '40px' } as never;
    expect(podButtonStyle(smuggled)).toEqual({ '--pod-button-text': '#fff', '--pod-button-background': '#123456' });
    await renderBlock('pod', { buttonText: 'Go', href: '/x/', buttonStyles: { borderColor: '#000', borderRadius: '0', fill: false } });
    const button = screen.getByRole('link', { name: 'Go' });
    expect(button.style.getPropertyValue('--pod-button-border')).toBe('#000');
    expect(button.style.getPropertyValue('--pod-button-radius')).toBe('0');
    expect(button.className).toContain('pod__button--outline');
  });

  it('draws a muted video in place of the image, with the badge', async () => {
    await renderBlock('pod', { video: 'https://cdn.example/clip.mp4', image: { src: '/media/poster.jpg', alt: 'Poster' }, badge: 'New' });
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('https://cdn.example/clip.mp4');
    expect(video.muted).toBe(true);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('New')).toBeTruthy();
  });
});
