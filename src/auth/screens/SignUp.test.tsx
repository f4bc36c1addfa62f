// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SignUpScreen } from './SignUp';
import { ResetPasswordScreen } from './ResetPassword';
import { ForgotPasswordScreen } from './ForgotPassword';
import { VerifyScreen } from './Verify';
import { EulaScreen } from './Eula';
import { session } from '../session';
import { json, mockFetch, renderScreen, user } from '../testing';

beforeEach(() => session.set(null));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('/sign-up/', () => {
  it('validates with the §5.1 messages', () => {
    const calls = mockFetch(() => json({}));
    renderScreen(<SignUpScreen />, '/sign-up/');
    type('Email address', 'ada');
    type('Password', 'short ');
    press('Create account');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password cannot start or end with spaces')).toBeTruthy();
    type('Password', 'short');
    press('Create account');
    expect(screen.getByText('Must contain at least 10 characters')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('"I want my own store" sends should_have_store=1 and dashboard_access=1, then goes to verification', async () => {
    const calls = mockFetch(() => json({ user: user({ verified: false, signedEula: false }) }, 201));
    const { router } = renderScreen(<SignUpScreen />, '/sign-up/');
    type('First name', ' Ada ');
    type('Last name', 'Lovelace');
    type('Email address', 'ada@example.com');
    type('Password', 'a-long-password');
    fireEvent.click(screen.getByLabelText('I want my own store'));
    press('Create account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up/verify/'));
    expect(calls[0]).toEqual({
      url: '/omnis/v3/shop/customer/create/',
      method: 'POST',
      body: { email: 'ada@example.com', password: 'a-long-password', firstName: 'Ada', lastName: 'Lovelace', should_have_store: 1, dashboard_access: 1 },
    });
    expect(session.get().user?.verified).toBe(false);
  });

  it('without a store both flags are 0; a taken email shows the server message on the field', async () => {
    const calls = mockFetch(() => json({ message: 'The given data was invalid.', errors: { email: ['This email address is already registered.'] } }, 422));
    renderScreen(<SignUpScreen />, '/sign-up/');
    type('Email address', 'ada@example.com');
    type('Password', 'a-long-password');
    press('Create account');
    expect(await screen.findByText('This email address is already registered.')).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ should_have_store: 0, dashboard_access: 0 });
  });
});

describe('/sign-up/verify/', () => {
  it('posts the token once and offers the next step', async () => {
    const calls = mockFetch(({ url }) => (url.endsWith('/verify/') ? json({ user: user({ signedEula: false }) }) : json({ user: user({ signedEula: false }) })));
    renderScreen(<VerifyScreen />, '/sign-up/verify/?token=abc');
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/sign-up/eula/');
    expect(calls.filter((c) => c.url === '/omnis/v3/shop/customer/verify/')).toEqual([{ url: '/omnis/v3/shop/customer/verify/', method: 'POST', body: { token: 'abc' } }]);
  });

  it('shows the server message for a bad link', async () => {
    mockFetch(() => json({ message: 'x', errors: { token: ['This verification link is invalid or has expired.'] } }, 422));
    renderScreen(<VerifyScreen />, '/sign-up/verify/?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe('This verification link is invalid or has expired.');
  });

  it('without a token: check your inbox, with a resend button', async () => {
    session.set(user({ verified: false }));
    const calls = mockFetch(() => json({ message: "We've sent you a new verification email." }));
    renderScreen(<VerifyScreen />, '/sign-up/verify/');
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    press('Resend verification email');
    expect(await screen.findByText("We've sent you a new verification email.")).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/omnis/v3/shop/customer/verify/resend/', method: 'POST' });
  });
});

describe('/sign-up/eula/', () => {
  it('needs the box ticked, then accepts and continues to the dashboard', async () => {
    session.set(user({ signedEula: false }));
    const calls = mockFetch(() => json({ user: user() }));
    const { router } = renderScreen(<EulaScreen />, '/sign-up/eula/');
    press('Accept and continue');
    expect(screen.getByText('This field is required')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I have read and accept the terms of service'));
    press('Accept and continue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(calls[0]).toEqual({ url: '/omnis/v3/dashboard/secure/eula/', method: 'POST', body: { accept: true } });
    expect(session.get().user?.signedEula).toBe(true);
  });
});

describe('password reset', () => {
  it('/forgot-password/ shows the same answer whatever the address', async () => {
    const calls = mockFetch(() => json({ message: "If that address has an account, we've sent a link to reset the password." }));
    renderScreen(<ForgotPasswordScreen />, '/forgot-password/');
    type('Email address', 'nobody@example.com');
    press('Send reset link');
    expect(await screen.findByText("If that address has an account, we've sent a link to reset the password.")).toBeTruthy();
    expect(calls[0]).toEqual({ url: '/omnis/v3/dashboard/secure/request-reset/', method: 'POST', body: { email: 'nobody@example.com' } });
  });

  it('/reset-password/?token= checks the confirmation and posts token, password and password_confirmation', async () => {
    const calls = mockFetch(() => json({ message: 'Your password has been reset.' }));
    renderScreen(<ResetPasswordScreen />, '/reset-password/?token=t0k');
    type('New password', 'a-long-password');
    type('Confirm new password', 'a-long-passwore');
    press('Reset password');
    expect(screen.getByText('The password confirmation does not match.')).toBeTruthy();
    type('Confirm new password', 'a-long-password');
    press('Reset password');
    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
    expect(calls[0]).toEqual({
      url: '/omnis/v3/dashboard/secure/reset-password/',
      method: 'POST',
      body: { token: 't0k', password: 'a-long-password', password_confirmation: 'a-long-password' },
    });
  });
});
