// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../auth/session';
import { json, mockFetch, renderScreen, user as sessionUser } from '../auth/testing';
import { UsersScreen } from './UsersScreen';
import type { AtlasUser, UserPage } from './atlasApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => session.set(sessionUser({ id: 2, internal: true, stores: [] })));

const URL = '/omnis/v3/atlas/users/';
const shopper: AtlasUser = {
  id: 3,
  email: 'shopper@pod.example',
  firstName: 'Sky',
  lastName: 'Shopper',
  internal: false,
  verified: true,
  mutedAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  stores: [],
};
const staffer: AtlasUser = { ...shopper, id: 2, email: 'staff@pod.example', firstName: 'Sam', lastName: 'Staff', internal: true };
const owner: AtlasUser = { ...shopper, id: 1, email: 'owner@fernandthread.example', firstName: 'Fern', lastName: 'Owner', verified: false, stores: [{ divisionId: 7, role: 'owner', permissions: [] }] };
const page = (data: AtlasUser[], over: Partial<UserPage> = {}): UserPage => ({ data, page: 1, perPage: 50, total: data.length, lastPage: 1, ...over });

describe('/atlas/users/', () => {
  it('shows a loading state, then users with verified / staff / muted status and their stores', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async () => {
      await gate;
      return json(page([owner, staffer, { ...shopper, mutedAt: '2030-01-03T09:00:00.000Z' }]));
    });
    renderScreen(<UsersScreen />, '/atlas/users/');
    expect(screen.getByText('Loading users…')).toBeTruthy();
    release();
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Unverified')).toBeTruthy();
    expect(within(rows[0]!).getByText('#7 owner')).toBeTruthy();
    expect(within(rows[0]!).getByText('Not muted')).toBeTruthy();
    expect(within(rows[1]!).getByText('Staff')).toBeTruthy();
    expect(within(rows[1]!).getByText('Verified')).toBeTruthy();
    // Staff cannot mute themselves.
    expect((within(rows[1]!).getByRole('button', { name: /^Mute Sam Staff/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(rows[2]!).getByText('Muted')).toBeTruthy();
    expect(rows[2]!.querySelector('time[datetime="2030-01-03T09:00:00.000Z"]')).not.toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Unmute Sky Shopper (shopper@pod.example)' })).toBeTruthy();
    expect(screen.getByText('3 users')).toBeTruthy();
  });

  it('searches through the address; an empty result says so', async () => {
    const calls = mockFetch((call) => json(call.url.includes('search=') ? page([]) : page([owner])));
    const { router } = renderScreen(<UsersScreen />, '/atlas/users/');
    await screen.findByText('Fern Owner');
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: '  Nobody  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match “Nobody”.')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=Nobody');
    expect(calls.map((c) => c.url)).toEqual([URL, `${URL}?search=Nobody`]);
    fireEvent.click(screen.getByRole('link', { name: 'Clear' }));
    expect(await screen.findByText('Fern Owner')).toBeTruthy();
    expect((screen.getByLabelText('Search users') as HTMLInputElement).value).toBe('');
  });

  it('pages through results', async () => {
    const calls = mockFetch((call) => json(call.url.includes('page=2') ? page([shopper], { page: 2, total: 51, lastPage: 2 }) : page([owner], { total: 51, lastPage: 2 })));
    renderScreen(<UsersScreen />, '/atlas/users/?search=e');
    await screen.findByText('Fern Owner');
    expect(screen.getByText('51 users matching “e” · page 1 of 2')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages of users' });
    expect(within(pager).getByText('Previous page').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(pager).getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Sky Shopper')).toBeTruthy();
    expect(calls.at(-1)!.url).toBe(`${URL}?search=e&page=2`);
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockFetch(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : json(page([owner]))));
    renderScreen(<UsersScreen />, '/atlas/users/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Oops... looks like something went wrong. Please try again.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Fern Owner')).toBeTruthy();
  });

  it('mutes and unmutes: the button is disabled while asking, then mutedAt shows', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockFetch(async (call) => {
      if (call.url.endsWith('/mute/')) {
        await gate;
        return json({ mutedAt: '2030-01-04T12:00:00.000Z' });
      }
      if (call.url.endsWith('/unmute/')) return json({ mutedAt: null });
      return json(page([shopper]));
    });
    renderScreen(<UsersScreen />, '/atlas/users/');
    const mute = await screen.findByRole('button', { name: 'Mute Sky Shopper (shopper@pod.example)' });
    fireEvent.click(mute);
    expect((mute as HTMLButtonElement).disabled).toBe(true);
    expect(mute.textContent).toBe('Muting…');
    release();
    expect(await screen.findByText('Muted Sky Shopper (shopper@pod.example).')).toBeTruthy();
    const row = screen.getAllByRole('row')[1]!;
    expect(row.querySelector('time[datetime="2030-01-04T12:00:00.000Z"]')).not.toBeNull();
    expect(within(row).getByText('Muted')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Unmute Sky Shopper (shopper@pod.example)' }));
    expect(await screen.findByText('Unmuted Sky Shopper (shopper@pod.example).')).toBeTruthy();
    expect(within(row).getByText('Not muted')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${URL}3/mute/`, `${URL}3/unmute/`]);
  });

  it('a refused mute shows the server message and leaves the user as they were', async () => {
    mockFetch((call) => (call.method === 'POST' ? json({ message: 'Permission denied' }, 403) : json(page([shopper]))));
    renderScreen(<UsersScreen />, '/atlas/users/');
    fireEvent.click(await screen.findByRole('button', { name: /^Mute Sky/ }));
    expect(await screen.findByText('Could not mute Sky Shopper: Permission denied')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: /^Mute Sky/ }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Not muted')).toBeTruthy();
  });
});
