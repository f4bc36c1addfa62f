// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CODES_COPIED, SecurityScreen, svgDataUrl, TWO_FACTOR_OFF } from './Security';
import { OverlayHost } from '../../app/overlays/OverlayHost';
import { snackbar } from '../../app/Snackbar';
import { session } from '../session';
import { json, mockFetch, renderScreen, user, type FetchCall } from '../testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => session.set(user()));

const type = (label: string, value: string, root: HTMLElement = document.body) => fireEvent.change(within(root).getByLabelText(label), { target: { value } });
const CODES = ['AAAAAAAA-BBBBBBBB', 'CCCCCCCC-DDDDDDDD', 'EEEEEEEE-FFFFFFFF', 'GGGGGGGG-HHHHHHHH', 'IIIIIIII-JJJJJJJJ', 'KKKKKKKK-LLLLLLLL', 'MMMMMMMM-NNNNNNNN', 'OOOOOOOO-PPPPPPPP'];
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

/** A server that wants the password confirmed before sensitive calls (423) until confirm-password succeeds. */
function secureServer(extra: (call: FetchCall) => Response | undefined = () => undefined) {
  let confirmed = false;
  return mockFetch((call) => {
    const path = call.url.replace('/omnis/v3/dashboard/secure', '');
    if (path === '/get/') return json({ user: session.get().user });
    if (path === '/confirm-password/') {
      if ((call.body as { password: string }).password !== 'demo-owner-password') {
        return json({ message: 'The given data was invalid.', errors: { password: ['The password is incorrect.'] } }, 422);
      }
      confirmed = true;
      return json({ confirmedAt: '2030-01-01T00:00:00.000Z' });
    }
    const answer = extra(call);
    if (answer) return answer;
    if (!confirmed) return json({ message: 'Please confirm your password.', confirm: true }, 423);
    if (path === '/2fa/setup/') return json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: SVG });
    if (path === '/2fa/enable/' || path === '/2fa/recovery-codes/') return json({ recoveryCodes: CODES });
    if (path === '/change-password/') return json({});
    return json({ message: 'not found' }, 404);
  });
}

describe('/account/security/', () => {
  it('a 423 opens the confirm-password overlay; after confirming, the call is retried', async () => {
    const calls = secureServer();
    renderScreen(<SecurityScreen />, '/account/security/');
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    type('Password', 'wrong-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is incorrect.')).toBeTruthy();
    type('Password', 'demo-owner-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(qr.getAttribute('src')).toBe(svgDataUrl(SVG));
    expect(qr.getAttribute('src')!.startsWith('data:image/svg+xml;utf8,')).toBe(true);
    // Never parsed into the page.
    expect(document.querySelector('section svg rect')).toBeNull();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const setups = calls.filter((c) => c.url.endsWith('/2fa/setup/'));
    expect(setups).toHaveLength(2);
  });

  it('closing the overlay cancels quietly', async () => {
    secureServer();
    renderScreen(<SecurityScreen />, '/account/security/');
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    // The cancelled request settles a tick after the dialog closes.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Set up two-factor authentication' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('with 2FA on, the overlay asks for a code or a recovery code too', async () => {
    session.set(user({ twoFactorEnabled: true }));
    const calls = secureServer();
    renderScreen(<SecurityScreen />, '/account/security/');
    render(<OverlayHost />);
    // Old codes stop working: asked first (§2.4 confirm overlay); keeping them changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Regenerate recovery codes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep my codes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Regenerate recovery codes?' })).getByRole('button', { name: 'Regenerate codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    type('Password', 'demo-owner-password', dialog);
    type('Authentication code', '12', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Invalid authentication code')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    type('Recovery code', 'nope', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Invalid recovery code')).toBeTruthy();
    type('Recovery code', 'AAAAAAAA-BBBBBBBB', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/confirm-password/'))?.body).toEqual({ password: 'demo-owner-password', recoveryCode: 'AAAAAAAA-BBBBBBBB' });
    expect(await screen.findByText('New recovery codes are ready; the old ones no longer work.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(8);
  });

  it('turning 2FA off is confirmed first, then the password; the result is a snackbar', async () => {
    session.set(user({ twoFactorEnabled: true }));
    const calls = secureServer((call) => (call.url.endsWith('/2fa/disable/') && calls.some((c) => c.url.endsWith('/confirm-password/')) ? json({}) : undefined));
    renderScreen(<SecurityScreen />, '/account/security/');
    render(<OverlayHost />);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep it on' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Turn it off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    type('Password', 'demo-owner-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    type('Recovery code', 'AAAAAAAA-BBBBBBBB', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect([snackbar.get().shown, ...snackbar.get().queued].map((m) => m?.text)).toContain(TWO_FACTOR_OFF));
    expect(calls.filter((c) => c.url.endsWith('/2fa/disable/'))).toHaveLength(2);
  });

  it('confirms 2FA with a code and shows the recovery codes once, with copy and download', async () => {
    const calls = secureServer();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(<SecurityScreen />, '/account/security/');
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    type('Password', 'demo-owner-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByTestId('totp-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    type('Authentication code', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(calls.find((c) => c.url.endsWith('/2fa/enable/'))?.body).toEqual({ code: '123456' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CODES.join('\n')));
    // A transient notice: the app's one snackbar queue carries it.
    await waitFor(() => expect([snackbar.get().shown, ...snackbar.get().queued].map((m) => m?.text)).toContain(CODES_COPIED));
    fireEvent.click(screen.getByRole('button', { name: "I've saved my recovery codes" }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('changes the password with the §5.1 rules and the confirmation message', async () => {
    const calls = secureServer();
    renderScreen(<SecurityScreen />, '/account/security/');
    const form = screen.getByRole('form', { name: 'Change password' });
    type('Current password', 'demo-owner-password', form);
    type('New password', ' short', form);
    type('Confirm new password', 'different', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Password cannot start or end with spaces')).toBeTruthy();
    expect(within(form).getByText('The password confirmation does not match.')).toBeTruthy();
    type('New password', 'short', form);
    expect(within(form).queryByText('Must contain at least 10 characters')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Must contain at least 10 characters')).toBeTruthy();
    type('New password', 'a-new-password', form);
    type('Confirm new password', 'a-new-password', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    type('Password', 'demo-owner-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/change-password/')).at(-1)?.body).toEqual({
      currentPassword: 'demo-owner-password',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
  });
});
