// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch, renderScreen, DIVISION_ID } from '../auth/testing';
import { PermissionsScreen } from './PermissionsScreen';
import type { PermissionRequest } from './atlasApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = '/omnis/v3/atlas/permissions/requests/';
const request = (over: Partial<PermissionRequest> = {}): PermissionRequest => ({
  id: 5,
  user: { id: 1, email: 'owner@fernandthread.example', firstName: 'Fern', lastName: 'Owner' },
  divisionId: DIVISION_ID,
  permissions: ['pages.publish', 'products.edit'],
  reason: 'We launch on Friday',
  status: 'pending',
  answeredBy: null,
  answeredAt: null,
  createdAt: '2030-01-02T10:00:00.000Z',
  ...over,
});
const answered = (r: PermissionRequest, status: 'approved' | 'denied') => ({ ...r, status, answeredBy: 2, answeredAt: '2030-01-02T11:00:00.000Z' });

describe('/atlas/permissions/', () => {
  it('shows a loading state, then each request: who, store, permissions, reason, when, status', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async () => {
      await gate;
      return json({ data: [request(), request({ id: 4, divisionId: null, status: 'approved', answeredBy: 2, answeredAt: '2030-01-01T00:00:00.000Z', user: { id: 3, email: 'x@example.com', firstName: '', lastName: '' } })] });
    });
    renderScreen(<PermissionsScreen />, '/atlas/permissions/');
    expect(screen.getByText('Loading permission requests…')).toBeTruthy();
    release();
    const table = await screen.findByRole('table', { name: 'Permission requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Fern Owner')).toBeTruthy();
    expect(first.getByText('owner@fernandthread.example')).toBeTruthy();
    expect(first.getByText(`Fern & Thread (#${DIVISION_ID})`)).toBeTruthy();
    expect(first.getByText('pages.publish')).toBeTruthy();
    expect(first.getByText('products.edit')).toBeTruthy();
    expect(first.getByText('We launch on Friday')).toBeTruthy();
    expect(rows[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2030-01-02T10:00:00.000Z');
    expect(first.getByText('Pending')).toBeTruthy();
    expect(first.getByRole('button', { name: /^Approve Fern Owner/ })).toBeTruthy();
    const second = within(rows[1]!);
    expect(second.getByText('No store (account-wide)')).toBeTruthy();
    expect(second.getByText('Approved')).toBeTruthy();
    expect(second.queryByRole('button')).toBeNull();
    expect(screen.getByText('2 requests, 1 pending')).toBeTruthy();
  });

  it('shows an empty state, per status too', async () => {
    const calls = mockFetch(() => json({ data: [] }));
    const { router } = renderScreen(<PermissionsScreen />, '/atlas/permissions/');
    expect(await screen.findByText('No permission requests yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'denied' } });
    expect(await screen.findByText('No denied permission requests.')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=denied');
    expect(calls.map((c) => c.url)).toEqual([LIST, `${LIST}?status=denied`]);
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockFetch(() => (fail ? json({ message: 'Permission denied' }, 403) : json({ data: [request()] })));
    renderScreen(<PermissionsScreen />, '/atlas/permissions/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Permission denied');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Fern Owner')).toBeTruthy();
  });

  it('approve: both buttons are disabled at once, then the row shows the answer and a message', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockFetch(async (call) => {
      if (call.method === 'POST') {
        await gate;
        return json({ request: answered(request(), 'approved') });
      }
      return json({ data: [request()] });
    });
    renderScreen(<PermissionsScreen />, '/atlas/permissions/');
    const approve = await screen.findByRole('button', { name: /^Approve Fern Owner/ });
    const deny = screen.getByRole('button', { name: /^Deny Fern Owner/ });
    fireEvent.click(approve);
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    expect((deny as HTMLButtonElement).disabled).toBe(true);
    expect(approve.textContent).toBe('Approving…');
    fireEvent.click(approve);
    release();
    expect(await screen.findByText("Approved Fern Owner's request for pages.publish, products.edit.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    const table = screen.getByRole('table', { name: 'Permission requests' });
    expect(within(table).getByText('Approved')).toBeTruthy();
    expect(within(table).getByText('Answered by user #2')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual([`${LIST}5/approve/`]);
  });

  it('deny, and a request someone else answered first (409) shows the message and reloads', async () => {
    let listed = [request(), request({ id: 6, user: { id: 9, email: 'ed@example.com', firstName: 'Ed', lastName: 'Itor' } })];
    mockFetch((call) => {
      if (call.url.endsWith('/5/deny/')) return json({ request: answered(request(), 'denied') });
      if (call.url.endsWith('/6/approve/')) {
        listed = [answered(listed[0]!, 'denied'), answered(listed[1]!, 'denied')];
        return json({ message: 'This request has already been answered.' }, 409);
      }
      return json({ data: listed });
    });
    renderScreen(<PermissionsScreen />, '/atlas/permissions/');
    fireEvent.click(await screen.findByRole('button', { name: /^Deny Fern Owner/ }));
    expect(await screen.findByText("Denied Fern Owner's request for pages.publish, products.edit.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Approve Ed Itor/ }));
    await waitFor(() => expect(screen.getAllByText('This request has already been answered.').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Approve/ })).toHaveLength(0));
    expect(within(screen.getByRole('table', { name: 'Permission requests' })).getAllByText('Denied')).toHaveLength(2);
  });
});
