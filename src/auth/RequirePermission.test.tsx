// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { PERMISSION_REQUESTED, RequirePermission } from './RequirePermission';
import { session } from './session';
import { DIVISION_ID, json, mockFetch, renderScreen, user } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const editor = (permissions: string[]) => user({ stores: [{ divisionId: DIVISION_ID, role: 'editor', permissions }] });

function Control({ onUse }: { onUse: () => void }) {
  return (
    <RequirePermission permission={['pages.publish', 'themes.edit']} divisionId={DIVISION_ID}>
      <button type="button" onClick={onUse}>
        Publish page
      </button>
    </RequirePermission>
  );
}

describe('<RequirePermission> (§6 request permission)', () => {
  it('lets a user with the permission use the control', () => {
    session.set(editor(['pages.publish', 'themes.edit']));
    const onUse = vi.fn();
    renderScreen(<Control onUse={onUse} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish page' }));
    expect(onUse).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('otherwise asks for a reason, posts the request and shows the §6 message', async () => {
    session.set(editor(['pages.publish']));
    const calls = mockFetch(() => json({ message: PERMISSION_REQUESTED }, 201));
    const onUse = vi.fn();
    renderScreen(<Control onUse={onUse} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish page' }));
    expect(onUse).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Request permission' });
    expect(within(dialog).getByText('themes.edit')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Why do you need this permission?'), { target: { value: ' I run the autumn launch ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Permission request successfully submitted');
    expect(calls).toEqual([{ url: '/omnis/v3/atlas/permissions/request/themes.edit/', method: 'POST', body: { reason: 'I run the autumn launch' } }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for every missing permission, comma-separated', async () => {
    session.set(editor([]));
    const calls = mockFetch(() => json({ message: PERMISSION_REQUESTED }, 201));
    renderScreen(<Control onUse={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish page' }));
    fireEvent.change(screen.getByLabelText('Why do you need this permission?'), { target: { value: 'Launch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByText(PERMISSION_REQUESTED);
    expect(calls[0]!.url).toBe('/omnis/v3/atlas/permissions/request/pages.publish,themes.edit/');
  });

  it('shows the server message when the request fails', async () => {
    session.set(editor([]));
    mockFetch(() => json({ message: 'Too many attempts. Try again in 30 seconds.' }, 429));
    renderScreen(<Control onUse={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish page' }));
    fireEvent.change(screen.getByLabelText('Why do you need this permission?'), { target: { value: 'Launch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 30 seconds.');
  });
});
