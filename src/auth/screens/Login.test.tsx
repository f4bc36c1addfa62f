// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { StoreContext } from '../../app/StoreContext';
import { LoginScreen } from './Login';
import { session } from '../session';
import { EDITING_DELAY_MS } from '../form/useForm';
import { json, mockFetch, renderScreen, testStore, user } from '../testing';

beforeEach(() => session.set(null));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('/login/', () => {
  it('checks the fields with the §5.1 messages before sending, and focuses the first error', async () => {
    const calls = mockFetch(() => json({}));
    renderScreen(<LoginScreen />, '/login/');
    press('Sign in');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('This field is required');
    await waitFor(() => expect(document.activeElement).toBe(email));
    type('Email address', 'not-an-email');
    type('Password', 'x');
    press('Sign in');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a field error when editing stops (1500 ms after the last input), not while typing', async () => {
    vi.useFakeTimers();
    renderScreen(<LoginScreen />, '/login/');
    type('Email address', 'ada@');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    act(() => vi.advanceTimersByTime(EDITING_DELAY_MS - 1));
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    type('Email address', 'ada@example.com');
    act(() => vi.advanceTimersByTime(EDITING_DELAY_MS));
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('offers an emailed sign-in link once sign-in is slowed down, and sends it to the entered address', async () => {
    const calls = mockFetch((call) =>
      call.url.endsWith('/login/')
        ? json({ message: 'Too many attempts. Try again in 60 seconds.' }, 429)
        : json({ message: "If that address has an account, we've sent a sign-in link." }),
    );
    renderScreen(<LoginScreen />, '/login/');
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
    type('Email address', 'ada@example.com');
    type('Password', 'demo-owner-password');
    press('Sign in');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('Too many attempts. Try again in 60 seconds.');
    press('Email me a sign-in link');
    await screen.findByText(/we've sent a sign-in link\. It works once, for 15 minutes\./, {}, { timeout: 10_000 });
    expect(calls[1]).toEqual({ url: '/omnis/v3/dashboard/secure/sign-in-link/', method: 'POST', body: { email: 'ada@example.com' } });
  }, 30_000);

  it('does not offer the link for a wrong password', async () => {
    mockFetch(() => json({ message: 'The given data was invalid.', errors: { email: ['These credentials do not match our records.'] } }, 422));
    renderScreen(<LoginScreen />, '/login/');
    type('Email address', 'ada@example.com');
    type('Password', 'wrong');
    press('Sign in');
    await screen.findByText('These credentials do not match our records.', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  }, 30_000);

  it('signs in and honours ?redirect_uri=', async () => {
    const calls = mockFetch(() => json({ user: user() }));
    const { router } = renderScreen(<LoginScreen />, '/login/?redirect_uri=%2Faccount%2Fsecurity%2F');
    type('Email address', 'ada@example.com');
    type('Password', 'demo-owner-password');
    press('Sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security/'));
    expect(calls[0]).toEqual({ url: '/omnis/v3/dashboard/secure/login/', method: 'POST', body: { email: 'ada@example.com', password: 'demo-owner-password' } });
    expect(session.get().user?.email).toBe('ada@example.com');
  });

  it('goes to /dashboard/ by default and never off-site', async () => {
    mockFetch(() => json({ user: user() }));
    const { router } = renderScreen(<LoginScreen />, '/login/?redirect_uri=https%3A%2F%2Fevil.example%2F');
    type('Email address', 'ada@example.com');
    type('Password', 'demo-owner-password');
    press('Sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
  });

  it('shows the server’s 422 message on its field (§8)', async () => {
    mockFetch(() => json({ message: 'The given data was invalid.', errors: { email: ['These credentials do not match our records.'] } }, 422));
    renderScreen(<LoginScreen />, '/login/');
    type('Email address', 'ada@example.com');
    type('Password', 'wrong-password');
    press('Sign in');
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the retry after a wrong password: the credentials message does not hold the form back', async () => {
    const calls = mockFetch(({ body }) =>
      (body as { password: string }).password === 'demo-owner-password'
        ? json({ user: user() })
        : json({ message: 'The given data was invalid.', errors: { email: ['These credentials do not match our records.'] } }, 422),
    );
    const { router } = renderScreen(<LoginScreen />, '/login/');
    type('Email address', 'ada@example.com');
    type('Password', 'wrong-password');
    press('Sign in');
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    type('Password', 'demo-owner-password');
    press('Sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ email: 'ada@example.com', password: 'demo-owner-password' });
  });

  it('shows a 429 message for the form', async () => {
    mockFetch(() => json({ message: 'Too many attempts. Try again in 60 seconds.' }, 429));
    renderScreen(<LoginScreen />, '/login/');
    type('Email address', 'ada@example.com');
    type('Password', 'wrong-password');
    press('Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 60 seconds.');
  });

  it('asks for the six-digit code when 2FA is on, then signs in with it', async () => {
    const calls = mockFetch(({ body }) => {
      const b = body as { twoFactorAuthCode?: string };
      if (!b.twoFactorAuthCode) return json({ twoFactorRequired: true });
      if (b.twoFactorAuthCode !== '123456') return json({ message: 'Invalid', errors: { twoFactorAuthCode: ['Invalid authentication code'] } }, 422);
      return json({ user: user({ twoFactorEnabled: true }) });
    });
    const { router } = renderScreen(<LoginScreen />, '/login/');
    type('Email address', 'ada@example.com');
    type('Password', 'demo-owner-password');
    press('Sign in');
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    type('Authentication code', '12345');
    press('Verify and sign in');
    expect(screen.getByText('Invalid authentication code')).toBeTruthy();
    type('Authentication code', '654 321');
    press('Verify and sign in');
    expect(await screen.findByText('Invalid authentication code')).toBeTruthy();
    expect(calls[1]!.body).toEqual({ email: 'ada@example.com', password: 'demo-owner-password', twoFactorAuthCode: '654321' });
    type('Authentication code', '123 456');
    press('Verify and sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
  });

  it('switches to a recovery code, posting to recovery-login', async () => {
    const calls = mockFetch(({ url, body }) => {
      if (url.endsWith('/login/')) return json({ twoFactorRequired: true });
      const code = (body as { recoveryCode: string }).recoveryCode;
      return code === 'ABCD1234-EFGH5678' ? json({ user: user() }) : json({ message: 'Invalid', errors: { recoveryCode: ['Invalid recovery code'] } }, 422);
    });
    const { router } = renderScreen(<LoginScreen />, '/login/');
    type('Email address', 'ada@example.com');
    type('Password', 'demo-owner-password');
    press('Sign in');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    type('Recovery code', 'ABCD1234');
    press('Sign in');
    expect(screen.getByText('Invalid recovery code')).toBeTruthy();
    type('Recovery code', 'ABCD1234-ZZZZZZZZ');
    press('Sign in');
    expect(await screen.findByText('Invalid recovery code')).toBeTruthy();
    type('Recovery code', 'abcd1234-efgh5678');
    press('Sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(calls.at(-1)).toEqual({
      url: '/omnis/v3/dashboard/secure/recovery-login/',
      method: 'POST',
      body: { email: 'ada@example.com', password: 'demo-owner-password', recoveryCode: 'ABCD1234-EFGH5678' },
    });
  });

  it('disables the form while signing in', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderScreen(<LoginScreen />, '/login/');
    type('Email address', 'ada@example.com');
    type('Password', 'demo-owner-password');
    press('Sign in');
    const busy = await screen.findByRole('button', { name: /Signing in/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Email address') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('/login/ drawn on the server', () => {
  const page = () => (
    <StoreContext.Provider value={testStore()}>
      <MemoryRouter initialEntries={['/login/']}>
        <LoginScreen />
      </MemoryRouter>
    </StoreContext.Provider>
  );

  it('cannot be sent before the app takes over, and signs in with what was typed meanwhile', async () => {
    const html = renderToString(page());
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // Before the app runs, a press would send the form natively (the password in the address): the button is off.
    const button = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.disabled).toBe(true);
    (container.querySelector('input[type="email"]') as HTMLInputElement).value = 'ada@example.com';

    const calls = mockFetch(() => json({ user: user() }));
    await act(async () => {
      render(page(), { container, hydrate: true });
    });
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
    // Typing into another field re-renders the form: the text typed before hydration must survive it.
    type('Password', 'demo-owner-password');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
    press('Sign in');
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/login/'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/login/'))!.body).toMatchObject({ email: 'ada@example.com', password: 'demo-owner-password' });
  });
});
