import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../testing/testContext';
import { TestClient } from './testClient';
import { linkOriginFor } from '../http/linkOrigin';

let t: Awaited<ReturnType<typeof openTestContext>>;
let ipCounter = 10;
const client = () => new TestClient(t.app, `192.0.2.${ipCounter++}`);

beforeAll(async () => {
  t = await openTestContext();
}, 180_000);
afterAll(async () => t?.close());

const API = '/omnis/v3';
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;
const lastMail = async (to: string) => (await q<{ body_text: string; body_html: string | null }>('select body_text, body_html from outbox where to_address = $1 order by id desc limit 1', [to]))[0];
let emailCounter = 0;
const freshEmail = () => `hard${++emailCounter}.${Date.now()}@example.com`;
const PASSWORD = 'correct horse battery';

async function signUp(email = freshEmail()) {
  const c = client();
  const response = await c.post(`${API}/shop/customer/create/`, { email, password: PASSWORD });
  expect(response.statusCode).toBe(201);
  return { c, email };
}

describe('links in mail never follow the request headers', () => {
  it('mails reset and verification links for the store domain when Host / X-Forwarded-Host name another host', async () => {
    const { c, email } = await signUp();
    for (const headers of [{ host: 'attacker.example' }, { host: 'attacker.example:8080', 'x-forwarded-host': 'attacker.example' }] as Record<string, string>[]) {
      const reset = await c.request('POST', `${API}/dashboard/secure/request-reset/`, { email }, headers);
      expect(reset.statusCode).toBe(200);
      const mail = (await lastMail(email))!;
      expect(mail.body_text).toContain('/reset-password/?token=');
      expect(`${mail.body_text}${mail.body_html ?? ''}`).not.toContain('attacker.example');
      // The demo store's configured domain.
      expect(mail.body_text).toContain('https://localhost/reset-password/?token=');
    }
    const resend = await c.request('POST', `${API}/shop/customer/verify/resend/`, {}, { host: 'attacker.example' });
    expect(resend.statusCode).toBe(200);
    expect((await lastMail(email))!.body_text).toContain('https://localhost/sign-up/verify/?token=');
  });

  it('echoes the host only when it is one of the store domains (or loopback), else PUBLIC_URL or the store domain', () => {
    const req = (host: string, protocol: 'http' | 'https' = 'https') => ({ protocol, host, hostname: host.replace(/:\d+$/, '') });
    expect(linkOriginFor(req('shop.example.com'), ['shop.example.com'], {})).toBe('https://shop.example.com');
    expect(linkOriginFor(req('127.0.0.1:3000', 'http'), ['shop.example.com'], {})).toBe('http://127.0.0.1:3000');
    expect(linkOriginFor(req('attacker.example'), ['shop.example.com'], {})).toBe('https://shop.example.com');
    expect(linkOriginFor(req('attacker.example'), ['shop.example.com'], { PUBLIC_URL: 'https://pod.example/' })).toBe('https://pod.example');
    expect(linkOriginFor(req('shop.example.com'), ['shop.example.com'], { PUBLIC_URL: 'https://pod.example' })).toBe('https://pod.example');
  });
});

describe('sign-in attempts are counted before the password is checked', () => {
  it('25 parallel guesses from one address check at most 5 passwords; the rest are 429 unchecked', async () => {
    const { email } = await signUp();
    const c = client();
    // The right password is among the guesses: it must not get through once the allowance is spent.
    const guesses = Array.from({ length: 25 }, (_, i) => (i === 24 ? PASSWORD : `wrong guess ${i}`));
    const answers = await Promise.all(guesses.map((password) => new TestClient(t.app, c.ip).post(`${API}/dashboard/secure/login/`, { email, password })));
    const checked = answers.filter((r) => r.statusCode === 422 || r.statusCode === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(25 - checked.length);
    const failed = await q('select 1 from audit_log where action = $1 and data->>$2 = $3', ['login_failed', 'email', email]);
    expect(failed.length).toBe(checked.filter((r) => r.statusCode === 422).length);
  });
});

describe('a lock-out cannot be used against the account owner', () => {
  it('6 wrong passwords from elsewhere leave the owner able to sign in; 5 failures on one account leave the address free for others', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 6; i++) expect((await client().post(`${API}/dashboard/secure/login/`, { email, password: 'a wrong password' })).statusCode).toBe(422);
    await client().login(email, PASSWORD);

    const shared = client();
    const other = await signUp();
    for (let i = 0; i < 5; i++) await shared.post(`${API}/dashboard/secure/login/`, { email, password: 'a wrong password' });
    expect((await shared.post(`${API}/dashboard/secure/login/`, { email, password: PASSWORD })).statusCode).toBe(429);
    // Someone else behind the same address signs in to their own account.
    await new TestClient(t.app, shared.ip).login(other.email, PASSWORD);
  });

  it('a browser that signed in before still signs in while guesses from many addresses hold the account', async () => {
    const { email } = await signUp();
    const owner = client();
    await owner.login(email, PASSWORD);
    expect(owner.cookies.pod_device).toBeTruthy();
    await owner.post(`${API}/dashboard/secure/logout/`);
    for (let i = 0; i < 20; i++) await client().post(`${API}/dashboard/secure/login/`, { email, password: `guess ${i}` });
    expect((await client().post(`${API}/dashboard/secure/login/`, { email, password: PASSWORD })).statusCode).toBe(429);
    await owner.login(email, PASSWORD);
  });
});

describe('a new password ends everything the old one opened', () => {
  it('a used reset link voids every other reset link and every session', async () => {
    const { c, email } = await signUp();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await client().post(`${API}/dashboard/secure/request-reset/`, { email });
      tokens.push(/\/reset-password\/\?token=([A-Za-z0-9_-]+)/.exec((await lastMail(email))!.body_text)![1]!);
    }
    const reset = await client().post(`${API}/dashboard/secure/reset-password/`, { token: tokens[1], password: 'a newer password', password_confirmation: 'a newer password' });
    expect(reset.statusCode).toBe(200);
    const older = await client().post(`${API}/dashboard/secure/reset-password/`, { token: tokens[0], password: 'attacker password', password_confirmation: 'attacker password' });
    expect(older.statusCode).toBe(422);
    expect(older.json().errors).toEqual({ token: ['This password reset link is invalid or has expired.'] });
    expect((await c.get(`${API}/dashboard/secure/get/`)).statusCode).toBe(401);
  });

  it('a password change voids outstanding reset links and other sessions, keeping the current one', async () => {
    const { c, email } = await signUp();
    const elsewhere = client();
    await elsewhere.login(email, PASSWORD);
    await client().post(`${API}/dashboard/secure/request-reset/`, { email });
    const token = /\/reset-password\/\?token=([A-Za-z0-9_-]+)/.exec((await lastMail(email))!.body_text)![1]!;
    const changed = await c.post(`${API}/dashboard/secure/change-password/`, { currentPassword: PASSWORD, password: 'a newer password', password_confirmation: 'a newer password' });
    expect(changed.statusCode).toBe(200);
    expect((await client().post(`${API}/dashboard/secure/reset-password/`, { token, password: 'attacker password', password_confirmation: 'attacker password' })).statusCode).toBe(422);
    expect((await elsewhere.get(`${API}/dashboard/secure/get/`)).statusCode).toBe(401);
    expect((await c.get(`${API}/dashboard/secure/get/`)).statusCode).toBe(200);
  });
});
