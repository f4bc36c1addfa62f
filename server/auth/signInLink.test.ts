import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../testing/testContext';
import { TestClient } from './testClient';
import { authMessages } from './messages';
import { LOGIN_ALLOWANCE } from './rateLimit';

/**
 * The emailed one-time sign-in link: an owner whose password sign-in is locked by a stranger's guesses (or
 * captcha-gated) on a new device gets in from the mail. Hashed, 15 minutes, single use, voided by a password change.
 */
let t: Awaited<ReturnType<typeof openTestContext>>;
let ipCounter = 10;
const client = () => new TestClient(t.app, `192.0.2.${ipCounter++}`);
beforeAll(async () => {
  t = await openTestContext();
}, 180_000);
afterAll(async () => t?.close());

const API = '/omnis/v3/dashboard/secure';
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;
const PASSWORD = 'correct horse battery';
let emailCounter = 0;
const tokenFrom = async (email: string) => {
  const mail = (await q<{ subject: string; body_text: string; body_html: string }>('select subject, body_text, body_html from outbox where to_address = $1 order by id desc limit 1', [email]))[0]!;
  expect(mail.subject).toBe('Your sign-in link');
  return { mail, token: /\/login\/link\/\?token=([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]! };
};

async function owner() {
  const email = `link${++emailCounter}.${Date.now()}@example.com`;
  const response = await client().post('/omnis/v3/shop/customer/create/', { email, password: PASSWORD, should_have_store: 1 });
  expect(response.statusCode).toBe(201);
  return email;
}

describe('sign-in by an emailed link', () => {
  it('lets an owner locked out on a new device in, once, with a link on the store domain and only its hash stored', async () => {
    const email = await owner();
    const device = client();
    // A stranger's guesses from the owner's own address lock its password sign-in (the pair allowance).
    for (let i = 0; i < LOGIN_ALLOWANCE.pair; i++) await device.post(`${API}/login/`, { email, password: 'wrong password here' });
    const locked = await device.post(`${API}/login/`, { email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);

    const asked = await device.request('POST', `${API}/sign-in-link/`, { email }, { host: 'attacker.example' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: authMessages.signInLinkSent });
    const { mail, token } = await tokenFrom(email);
    expect(mail.body_text).toContain('https://localhost/login/link/?token=');
    expect(`${mail.body_text}${mail.body_html}`).not.toContain('attacker.example');
    expect(mail.body_text).toContain('15 minutes');
    const stored = await q<{ token_hash: string; minutes: number }>(
      `select token_hash, extract(epoch from expires_at - created_at) / 60 as minutes from auth_tokens where kind = 'sign-in' order by id desc limit 1`,
    );
    expect(stored[0]!.token_hash).not.toBe(token);
    expect(Math.round(Number(stored[0]!.minutes))).toBe(15);

    const signedIn = await device.post(`${API}/link-login/`, { token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ user: { email: string } }>().user.email).toBe(email);
    expect((await device.get(`${API}/get/`)).statusCode).toBe(200);
    // The device is now known and the lock of this address is cleared: the password works again here.
    await device.post(`${API}/logout/`);
    expect((await device.post(`${API}/login/`, { email, password: PASSWORD })).statusCode).toBe(200);

    // Single use.
    const again = await client().post(`${API}/link-login/`, { token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'The given data was invalid.', errors: { token: [authMessages.invalidSignInLink] } });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await q('select 1 from outbox')).length;
    const response = await client().post(`${API}/sign-in-link/`, { email: 'nobody.here@example.com' });
    expect(response.json()).toEqual({ message: authMessages.signInLinkSent });
    expect((await q('select 1 from outbox')).length).toBe(before);
  });

  it('is voided by a password change and by a reset, and refused once expired', async () => {
    const email = await owner();
    const c = client();
    await c.post(`${API}/sign-in-link/`, { email });
    const { token } = await tokenFrom(email);
    const signedIn = client();
    await signedIn.login(email, PASSWORD);
    const changed = await signedIn.post(`${API}/change-password/`, { currentPassword: PASSWORD, password: 'another long password', password_confirmation: 'another long password' });
    expect(changed.statusCode).toBe(200);
    expect((await c.post(`${API}/link-login/`, { token })).statusCode).toBe(422);

    await c.post(`${API}/sign-in-link/`, { email });
    const second = (await tokenFrom(email)).token;
    await q(`update auth_tokens set expires_at = now() - interval '1 second' where kind = 'sign-in' and used_at is null`);
    expect((await c.post(`${API}/link-login/`, { token: second })).json()).toEqual({ message: 'The given data was invalid.', errors: { token: [authMessages.invalidSignInLink] } });
  });

  it('still asks for the two-factor code, and keeps the link until the code is right', async () => {
    const email = await owner();
    await q(`update users set two_factor_enabled_at = now(), two_factor_secret = 'JBSWY3DPEHPK3PXP' where email = $1`, [email]);
    const c = client();
    await c.post(`${API}/sign-in-link/`, { email });
    const { token } = await tokenFrom(email);
    const first = await c.post(`${API}/link-login/`, { token });
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect((await c.get(`${API}/get/`)).statusCode).toBe(401);
    const wrong = await c.post(`${API}/link-login/`, { token, twoFactorAuthCode: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors).toEqual({ twoFactorAuthCode: [authMessages.invalidCode] });
    expect((await q(`select 1 from auth_tokens where kind = 'sign-in' and used_at is null`)).length).toBeGreaterThan(0);
  });

  it('limits the mails per address and the bad tokens per IP', async () => {
    const email = await owner();
    const c = client();
    for (let i = 0; i < 5; i++) expect((await c.post(`${API}/sign-in-link/`, { email })).statusCode).toBe(200);
    expect((await c.post(`${API}/sign-in-link/`, { email })).statusCode).toBe(429);
    const guesser = client();
    for (let i = 0; i < 5; i++) expect((await guesser.post(`${API}/link-login/`, { token: `guess${i}` })).statusCode).toBe(422);
    expect((await guesser.post(`${API}/link-login/`, { token: 'guess-more' })).statusCode).toBe(429);
  });
});
