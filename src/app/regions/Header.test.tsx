// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { MenuItem } from './Header';
import type { MenuEntry } from '../../core/storeData';

afterEach(cleanup);

const shop: MenuEntry = { text: 'Shop', href: '/new-in/', submenu: [{ title: 'Tops', mode: 'items', items: [{ text: 'T-Shirts', link: '/collection/t-shirts/' }] }] } as MenuEntry;
const menu = () => (
  <MemoryRouter>
    <ul>
      <MenuItem entry={shop} />
    </ul>
  </MemoryRouter>
);

describe('a main-menu entry with a submenu', () => {
  it('focused on the server-drawn page before the app took over, opens once it has', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(menu());
    document.body.append(container);
    const link = container.querySelector('a')!;
    expect(link.getAttribute('aria-expanded')).toBe('false');
    link.focus();
    await act(async () => {
      render(menu(), { container, hydrate: true });
    });
    expect(screen.getByRole('link', { name: 'Shop' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'T-Shirts' })).toBeTruthy();
  });

  it('stays closed when nothing reached it', async () => {
    await act(async () => {
      render(menu());
    });
    expect(screen.getByRole('link', { name: 'Shop' }).getAttribute('aria-expanded')).toBe('false');
  });
});
