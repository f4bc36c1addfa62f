import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { openTestContext } from '../testing/testContext';
import { TestClient } from './testClient';
import { DEMO_ACCOUNTS } from '../db/seed/demoAccounts';
import { SESSION_COOKIE } from './sessions';
import { sha256 } from './crypto';
import type { PublicUser } from './types';

let t: Awaited<ReturnType<typeof openTestContext>>;
let ipCounter = 10;
const client = () => new TestClient(t.app, `198.51.100.${ipCounter++}`);

beforeAll(async () => {
  t = await openTestContext();
});
afterAll(async () => t?.close());

const API = '/omnis/v3';
const [OWNER, STAFF, SHOPPER] = DEMO_ACCOUNTS;
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;
const lastMail = async (to: string) => (await q<{ subject: string; body_text: string }>('select subject, body_text from outbox where to_address = $1 order by id desc limit 1', [to]))[0];
const tokenIn = (text: string, path: string) => new RegExp(`${path.replace(/[/?]/g, (c) => `\\${c}`)}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
const auditActions = async (userId: number) => (await q<{ action: string }>('select action from audit_log where actor_user_id = $1 order by id', [userId])).map((r) => r.action);
/** A TOTP code for now + offset steps (the server accepts ±1 step and never the same step twice). */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
let emailCounter = 0;
const freshEmail = () => `new${++emailCounter}.${Date.now()}@example.com`;

describe('sign-up → verify → EULA → 2FA → login with code → recovery login', () => {
  it('walks the whole journey of a new store owner', async () => {
    const c = client();
    const email = freshEmail();
    const password = 'correct horse battery';
    const signUp = await c.post(`${API}/shop/customer/create/`, { email: `  ${email.toUpperCase()} `, password, firstName: 'Ada', should_have_store: 1, dashboard_access: 1 });
    expect(signUp.statusCode).toBe(201);
    const created = signUp.json<{ user: PublicUser }>().user;
    expect(created).toMatchObject({ email, firstName: 'Ada', verified: false, signedEula: false, twoFactorEnabled: false, internal: false, status: null, force2fa: false });
    expect(created.stores).toEqual([{ divisionId: expect.any(Number), role: 'owner', permissions: [] }]);
    const cookie = signUp.cookies.find((k) => k.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Only the SHA-256 of the session id is stored.
    expect(await q('select 1 from sessions where id = $1', [sha256(cookie.value)])).toHaveLength(1);
    expect(await q('select 1 from sessions where id = $1', [cookie.value])).toHaveLength(0);

    // The new store: division, naked subdomain and a home page.
    const divisionId = created.stores[0]!.divisionId;
    const [store] = await q<{ theme: string; pages: number }>(
      `select s.theme, (select count(*)::int from pages p where p.division_id = d.id and p.url = '/') as pages from divisions d join subdomains s on s.division_id = d.id where d.id = $1`,
      [divisionId],
    );
    expect(store).toEqual({ theme: 'naked', pages: 1 });

    // The dashboard gate: EULA needs a verified address.
    const early = await c.post(`${API}/dashboard/secure/eula/`, { accept: true });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: 'Please verify your email address first.', redirect: '/sign-up/verify/' });

    const mail = (await lastMail(email))!;
    expect(mail.subject).toBe('Verify your email address');
    const token = tokenIn(mail.body_text, '/sign-up/verify/')!;
    expect(token).toBeTruthy();
    const verified = await c.post(`${API}/shop/customer/verify/`, { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ verified: true, status: 0 });
    const again = await c.post(`${API}/shop/customer/verify/`, { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ['This verification link is invalid or has expired.'] });

    const noAccept = await c.post(`${API}/dashboard/secure/eula/`, {});
    expect(noAccept.json().errors).toEqual({ accept: ['This field is required'] });
    const eula = await c.post(`${API}/dashboard/secure/eula/`, { accept: true });
    expect(eula.statusCode).toBe(200);
    expect(eula.json().user.signedEula).toBe(true);

    const setup = await c.post(`${API}/dashboard/secure/2fa/setup/`);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json<{ secret: string; otpauthUrl: string; qrSvg: string }>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(qrSvg).toMatch(/^<svg/);
    const badCode = await c.post(`${API}/dashboard/secure/2fa/enable/`, { code: '12345' });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().errors).toEqual({ code: ['Invalid authentication code'] });
    const enable = await c.post(`${API}/dashboard/secure/2fa/enable/`, { code: await totp(secret) });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}-[A-Z0-9]{8}$/);
    const stored = await q<{ code_hash: string }>('select code_hash from recovery_codes where user_id = $1', [created.id]);
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    expect(stored).toHaveLength(8);

    const logout = await c.post(`${API}/dashboard/secure/logout/`);
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({});
    expect(c.cookies[SESSION_COOKIE]).toBeUndefined();
    expect((await c.get(`${API}/dashboard/secure/get/`)).json()).toEqual({ message: 'Unauthenticated.' });

    const needsCode = await c.post(`${API}/dashboard/secure/login/`, { email, password });
    expect(needsCode.statusCode).toBe(200);
    expect(needsCode.json()).toEqual({ twoFactorRequired: true });
    expect(c.cookies[SESSION_COOKIE]).toBeUndefined();
    const wrongCode = await c.post(`${API}/dashboard/secure/login/`, { email, password, twoFactorAuthCode: '000 000' });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json()).toEqual({ message: 'The given data was invalid.', errors: { twoFactorAuthCode: ['Invalid authentication code'] } });
    const code = await totp(secret, 1);
    const withCode = await c.post(`${API}/dashboard/secure/login/`, { email, password, twoFactorAuthCode: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json().user).toMatchObject({ email, twoFactorEnabled: true, verified: true, signedEula: true });
    // The same code cannot be used twice.
    const replay = await client().post(`${API}/dashboard/secure/login/`, { email, password, twoFactorAuthCode: code });
    expect(replay.json().errors).toEqual({ twoFactorAuthCode: ['Invalid authentication code'] });

    const r = client();
    const badFormat = await r.post(`${API}/dashboard/secure/recovery-login/`, { email, password, recoveryCode: 'nope' });
    expect(badFormat.json().errors).toEqual({ recoveryCode: ['Invalid recovery code'] });
    const recovery = await r.post(`${API}/dashboard/secure/recovery-login/`, { email, password, recoveryCode: codes[3]!.toLowerCase() });
    expect(recovery.statusCode).toBe(200);
    expect(recovery.json().user.email).toBe(email);
    const reused = await client().post(`${API}/dashboard/secure/recovery-login/`, { email, password, recoveryCode: codes[3] });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ recoveryCode: ['Invalid recovery code'] });

    expect(await auditActions(created.id)).toEqual(
      expect.arrayContaining(['signup', 'email_verified', 'eula_signed', '2fa_enabled', 'logout', 'login_failed', 'login', 'recovery_code_used']),
    );
    expect((await lastMail(email))!.subject).toBe('New sign-in to your account');
  });

  it('answers sign-up mistakes with the §5.1 messages', async () => {
    const c = client();
    const errorsOf = async (payload: object) => (await c.post(`${API}/shop/customer/create/`, payload)).json<{ errors: Record<string, string[]> }>().errors;
    expect(await errorsOf({})).toEqual({ email: ['This field is required'], password: ['This field is required'] });
    expect(await errorsOf({ email: 'not-an-email', password: ' padded password ' })).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password cannot start or end with spaces'],
    });
    expect(await errorsOf({ email: freshEmail(), password: 'short' })).toEqual({ password: ['Must contain at least 10 characters'] });
    const taken = await c.post(`${API}/shop/customer/create/`, { email: OWNER.email.toUpperCase(), password: 'long enough password' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: 'The given data was invalid.', errors: { email: ['This email address is already registered.'] } });
  });

  it('resends the verification mail and voids the old link', async () => {
    const c = client();
    const email = freshEmail();
    await c.post(`${API}/shop/customer/create/`, { email, password: 'long enough password' });
    const first = tokenIn((await lastMail(email))!.body_text, '/sign-up/verify/')!;
    const resend = await c.post(`${API}/shop/customer/verify/resend/`);
    expect(resend.json()).toEqual({ message: "We've sent you a new verification email." });
    const second = tokenIn((await lastMail(email))!.body_text, '/sign-up/verify/')!;
    expect(second).not.toBe(first);
    expect((await c.post(`${API}/shop/customer/verify/`, { token: first })).statusCode).toBe(422);
    expect((await c.post(`${API}/shop/customer/verify/`, { token: second })).statusCode).toBe(200);
  });
});

describe('login and sessions', () => {
  it('gives the same answer for a wrong password and an unknown email', async () => {
    const c = client();
    const wrong = await c.post(`${API}/dashboard/secure/login/`, { email: SHOPPER.email, password: 'not the password' });
    const unknown = await c.post(`${API}/dashboard/secure/login/`, { email: 'nobody@example.com', password: 'not the password' });
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({ message: 'The given data was invalid.', errors: { email: ['These credentials do not match our records.'] } });
    }
  });

  it('issues a new session id at every login and deletes the old one; logout clears it', async () => {
    const c = client();
    await c.login(SHOPPER.email, SHOPPER.password);
    const first = c.cookies[SESSION_COOKIE]!;
    await c.login(SHOPPER.email, SHOPPER.password);
    const second = c.cookies[SESSION_COOKIE]!;
    expect(second).not.toBe(first);
    expect(await q('select 1 from sessions where id = $1', [sha256(first)])).toHaveLength(0);
    const stale = await t.app.inject({ url: `${API}/dashboard/secure/get/`, cookies: { [SESSION_COOKIE]: first } });
    expect(stale.statusCode).toBe(401);
    const me = await c.get(`${API}/dashboard/secure/get/`);
    expect(me.json().user).toMatchObject({ email: SHOPPER.email, verified: true, signedEula: false, internal: false, stores: [] });
    await c.post(`${API}/dashboard/secure/logout/`);
    expect(await q('select 1 from sessions where id = $1', [sha256(second)])).toHaveLength(0);
    expect((await t.app.inject({ url: `${API}/dashboard/secure/get/`, cookies: { [SESSION_COOKIE]: second } })).statusCode).toBe(401);
  });

  it('ends sessions idle for 30 days', async () => {
    const c = client();
    await c.login(SHOPPER.email, SHOPPER.password);
    await q(`update sessions set expires_at = now() - interval '1 second' where id = $1`, [sha256(c.cookies[SESSION_COOKIE]!)]);
    expect((await c.get(`${API}/dashboard/secure/get/`)).statusCode).toBe(401);
  });

  it('ends the other sessions when the password is changed', async () => {
    const email = freshEmail();
    const a = client();
    await a.post(`${API}/shop/customer/create/`, { email, password: 'first password here' });
    const b = client();
    await b.login(email, 'first password here');
    const mismatch = await a.post(`${API}/dashboard/secure/change-password/`, { currentPassword: 'first password here', password: 'second password here', password_confirmation: 'other' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    const wrong = await a.post(`${API}/dashboard/secure/change-password/`, { currentPassword: 'wrong password', password: 'second password here', password_confirmation: 'second password here' });
    expect(wrong.json().errors).toEqual({ currentPassword: ['The provided password is incorrect.'] });
    const ok = await a.post(`${API}/dashboard/secure/change-password/`, { currentPassword: 'first password here', password: 'second password here', password_confirmation: 'second password here' });
    expect(ok.statusCode).toBe(200);
    expect((await a.get(`${API}/dashboard/secure/get/`)).statusCode).toBe(200);
    expect((await b.get(`${API}/dashboard/secure/get/`)).statusCode).toBe(401);
    await client().login(email, 'second password here');
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses, uses a token once, and ends sessions', async () => {
    const email = freshEmail();
    const owner = client();
    await owner.post(`${API}/shop/customer/create/`, { email, password: 'original password' });
    const mailsBefore = (await q('select 1 from outbox')).length;
    const unknown = await client().post(`${API}/dashboard/secure/request-reset/`, { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: "If that address has an account, we've sent a link to reset the password." });
    expect((await q('select 1 from outbox')).length).toBe(mailsBefore);
    const known = await client().post(`${API}/dashboard/secure/request-reset/`, { email });
    expect(known.json()).toEqual(unknown.json());
    const mail = (await lastMail(email))!;
    expect(mail.subject).toBe('Reset your password');
    const token = tokenIn(mail.body_text, '/reset-password/')!;

    const c = client();
    const short = await c.post(`${API}/dashboard/secure/reset-password/`, { token, password: 'short', password_confirmation: 'short' });
    expect(short.json().errors).toEqual({ password: ['Must contain at least 10 characters'] });
    const mismatch = await c.post(`${API}/dashboard/secure/reset-password/`, { token, password: 'brand new password', password_confirmation: 'brand new passwort' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    const reset = await c.post(`${API}/dashboard/secure/reset-password/`, { token, password: 'brand new password', password_confirmation: 'brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been reset.' });
    const reuse = await c.post(`${API}/dashboard/secure/reset-password/`, { token, password: 'another new password', password_confirmation: 'another new password' });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors).toEqual({ token: ['This password reset link is invalid or has expired.'] });
    expect((await owner.get(`${API}/dashboard/secure/get/`)).statusCode).toBe(401);
    await client().login(email, 'brand new password');
    const [row] = await q<{ id: number }>('select id from users where email = $1', [email]);
    expect(await auditActions(row!.id)).toContain('password_reset');
  });

  it('refuses an expired token', async () => {
    const email = freshEmail();
    await client().post(`${API}/shop/customer/create/`, { email, password: 'original password' });
    await client().post(`${API}/dashboard/secure/request-reset/`, { email });
    const token = tokenIn((await lastMail(email))!.body_text, '/reset-password/')!;
    await q(`update auth_tokens set expires_at = now() - interval '1 minute' where token_hash = $1`, [sha256(token)]);
    const late = await client().post(`${API}/dashboard/secure/reset-password/`, { token, password: 'brand new password', password_confirmation: 'brand new password' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ token: ['This password reset link is invalid or has expired.'] });
  });
});

describe('rate limits', () => {
  it('locks an account from one address after 5 failures with 429 and Retry-After, and doubles the lock-out', async () => {
    const email = freshEmail();
    await client().post(`${API}/shop/customer/create/`, { email, password: 'the real password' });
    const c = client();
    const pairKey = `login:pair:${email}|${c.ip}`;
    for (let i = 0; i < 5; i++) {
      const r = await c.post(`${API}/dashboard/secure/login/`, { email, password: 'a wrong password' });
      expect(r.statusCode).toBe(422);
    }
    const locked = await c.post(`${API}/dashboard/secure/login/`, { email, password: 'the real password' });
    expect(locked.statusCode).toBe(429);
    const seconds = Number(locked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(locked.json()).toEqual({ message: `Too many attempts. Try again in ${seconds} seconds.` });

    // The minute passes; one more failure locks for 2 minutes.
    await q(`update rate_limits set locked_until = now() - interval '1 second' where key = $1`, [pairKey]);
    expect((await c.post(`${API}/dashboard/secure/login/`, { email, password: 'a wrong password' })).statusCode).toBe(422);
    const longer = await c.post(`${API}/dashboard/secure/login/`, { email, password: 'the real password' });
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(115);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(120);

    // After the lock, a success clears the counters of the account.
    await q(`update rate_limits set locked_until = now() - interval '1 second' where key = $1`, [pairKey]);
    await c.login(email, 'the real password');
    expect(await q('select 1 from rate_limits where key = any($1::text[])', [[pairKey, `login:account:${email}`]])).toHaveLength(0);
  });

  it('locks an address that fails on many accounts (50 within the window)', async () => {
    const c = client();
    for (let i = 0; i < 50; i++) await c.post(`${API}/dashboard/secure/login/`, { email: `guess${i}@example.com`, password: 'guessing here' });
    const r = await c.post(`${API}/dashboard/secure/login/`, { email: SHOPPER.email, password: SHOPPER.password });
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
  });

  it('limits reset requests per account', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i++) expect((await client().post(`${API}/dashboard/secure/request-reset/`, { email })).statusCode).toBe(200);
    expect((await client().post(`${API}/dashboard/secure/request-reset/`, { email })).statusCode).toBe(429);
  });
});

describe('confirm-password gate and force2fa', () => {
  it('asks for the password again after 15 minutes (423) and accepts it, with a code when 2FA is on', async () => {
    const c = client();
    const email = freshEmail();
    await c.post(`${API}/shop/customer/create/`, { email, password: 'confirm me please' });
    const expire = () => q(`update sessions set confirmed_at = now() - interval '16 minutes' where id = $1`, [sha256(c.cookies[SESSION_COOKIE]!)]);
    await expire();
    const gated = await c.post(`${API}/dashboard/secure/2fa/setup/`);
    expect(gated.statusCode).toBe(423);
    expect(gated.json()).toEqual({ message: 'Please confirm your password.', confirm: true });
    const wrong = await c.post(`${API}/dashboard/secure/confirm-password/`, { password: 'not my password' });
    expect(wrong.json().errors).toEqual({ password: ['The provided password is incorrect.'] });
    const confirm = await c.post(`${API}/dashboard/secure/confirm-password/`, { password: 'confirm me please' });
    expect(confirm.statusCode).toBe(200);
    expect(Date.now() - Date.parse(confirm.json().confirmedAt)).toBeLessThan(60_000);
    const { secret } = (await c.post(`${API}/dashboard/secure/2fa/setup/`)).json<{ secret: string }>();
    const { recoveryCodes } = (await c.post(`${API}/dashboard/secure/2fa/enable/`, { code: await totp(secret) })).json<{ recoveryCodes: string[] }>();

    await expire();
    expect((await c.post(`${API}/dashboard/secure/2fa/recovery-codes/`)).statusCode).toBe(423);
    const noCode = await c.post(`${API}/dashboard/secure/confirm-password/`, { password: 'confirm me please' });
    expect(noCode.json().errors).toEqual({ twoFactorAuthCode: ['This field is required'] });
    const withRecovery = await c.post(`${API}/dashboard/secure/confirm-password/`, { password: 'confirm me please', recoveryCode: recoveryCodes[0] });
    expect(withRecovery.statusCode).toBe(200);
    const fresh = await c.post(`${API}/dashboard/secure/2fa/recovery-codes/`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(8);
    expect(fresh.json().recoveryCodes).not.toContain(recoveryCodes[1]);
    await expire();
    const withCode = await c.post(`${API}/dashboard/secure/confirm-password/`, { password: 'confirm me please', twoFactorAuthCode: await totp(secret, 1) });
    expect(withCode.statusCode).toBe(200);
    const disabled = await c.post(`${API}/dashboard/secure/2fa/disable/`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().user.twoFactorEnabled).toBe(false);
    expect(await q('select 1 from recovery_codes r join users u on u.id = r.user_id where u.email = $1', [email])).toHaveLength(0);
  });

  it('force2fa on the project shows in the user and refuses turning 2FA off', async () => {
    const c = client();
    await c.login(OWNER.email, OWNER.password);
    await q(`update projects set force2fa = true where id = (select project_id from divisions where code = 'demo')`);
    try {
      expect((await c.get(`${API}/dashboard/secure/get/`)).json().user).toMatchObject({ force2fa: true, projectRequires2fa: true, twoFactorEnabled: false });
      const refused = await c.post(`${API}/dashboard/secure/2fa/disable/`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: 'Two-factor authentication is required by your project.' });
    } finally {
      await q(`update projects set force2fa = false`);
    }
  });
});

describe('staff: mute, permission requests, outbox', () => {
  it('mutes and unmutes for staff only, logged', async () => {
    const [shopper] = await q<{ id: number }>('select id from users where email = $1', [SHOPPER.email]);
    const url = (action: string) => `${API}/atlas/users/${shopper!.id}/${action}/`;
    for (const who of [null, SHOPPER, OWNER]) {
      const c = client();
      if (who) await c.login(who.email, who.password);
      const r = await c.post(url('mute'));
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ message: 'Permission denied' });
    }
    const staff = client();
    await staff.login(STAFF.email, STAFF.password);
    const muted = await staff.post(url('mute'));
    expect(muted.statusCode).toBe(200);
    expect(Date.now() - Date.parse(muted.json().mutedAt)).toBeLessThan(60_000);
    const s = client();
    await s.login(SHOPPER.email, SHOPPER.password);
    expect((await s.get(`${API}/dashboard/secure/get/`)).json().user.mutedAt).toBe(muted.json().mutedAt);
    const unmuted = await staff.post(url('unmute'));
    expect(unmuted.json()).toEqual({ mutedAt: null });
    const rows = await q<{ action: string; subject_id: string }>(`select action, subject_id from audit_log where action in ('user_muted', 'user_unmuted') order by id`);
    expect(rows).toEqual([
      { action: 'user_muted', subject_id: String(shopper!.id) },
      { action: 'user_unmuted', subject_id: String(shopper!.id) },
    ]);
    expect((await staff.post(`${API}/atlas/users/999999/mute/`)).json()).toEqual({ message: 'User not found' });
  });

  it('takes a permission request and lets staff approve it into the store membership', async () => {
    const [demo] = await q<{ id: number }>(`select id from divisions where code = 'demo'`);
    const [shopper] = await q<{ id: number }>('select id from users where email = $1', [SHOPPER.email]);
    await q(`insert into store_members (division_id, user_id, role) values ($1, $2, 'editor')`, [demo!.id, shopper!.id]);
    try {
      const s = client();
      await s.login(SHOPPER.email, SHOPPER.password);
      // A "%" in the names (sent encoded, as %25) is a wrong name, not a crash.
      const percent = await s.post(`${API}/atlas/permissions/request/%25/`, { reason: 'x' });
      expect(percent.statusCode).toBe(422);
      const noReason = await s.post(`${API}/atlas/permissions/request/pages.publish,products.edit/`, {});
      expect(noReason.json().errors).toEqual({ reason: ['This field is required'] });
      const asked = await s.post(`${API}/atlas/permissions/request/pages.publish,products.edit/`, { reason: 'I run the spring launch' });
      expect(asked.statusCode).toBe(201);
      expect(asked.json().message).toBe('Permission request successfully submitted');

      const staff = client();
      await staff.login(STAFF.email, STAFF.password);
      const list = (await staff.get(`${API}/atlas/permissions/requests/`)).json<{ data: { id: number; status: string; permissions: string[]; divisionId: number; user: { email: string } }[] }>().data;
      const mine = list.find((r) => r.id === asked.json().id)!;
      expect(mine).toMatchObject({ status: 'pending', permissions: ['pages.publish', 'products.edit'], divisionId: demo!.id, user: { email: SHOPPER.email } });
      const approved = await staff.post(`${API}/atlas/permissions/requests/${mine.id}/approve/`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().request.status).toBe('approved');
      const [member] = await q<{ permissions: string[] }>('select permissions from store_members where division_id = $1 and user_id = $2', [demo!.id, shopper!.id]);
      expect(member!.permissions).toEqual(['pages.publish', 'products.edit']);
      // The person who asked hears the answer in the app.
      const told = await q<{ title: string; body: string }>('select title, body from notifications where recipient_id = $1 and tag = $2', [shopper!.id, `permission-request-${mine.id}`]);
      expect(told).toEqual([{ title: 'Permission granted', body: 'You can now use: pages.publish, products.edit.' }]);
      const twice = await staff.post(`${API}/atlas/permissions/requests/${mine.id}/deny/`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: 'This request has already been answered.' });
      expect((await s.get(`${API}/dashboard/secure/get/`)).json().user.stores).toEqual([{ divisionId: demo!.id, role: 'editor', permissions: ['pages.publish', 'products.edit'] }]);

      const denied = await s.post(`${API}/atlas/permissions/request/reports.view/`, { reason: 'numbers' });
      const answer = await staff.post(`${API}/atlas/permissions/requests/${denied.json().id}/deny/`);
      expect(answer.json().request.status).toBe('denied');
      expect(await q(`select 1 from audit_log where action = 'permission_answered'`)).toHaveLength(2);
      expect(await q(`select 1 from audit_log where action = 'permission_requested' and actor_user_id = $1`, [shopper!.id])).toHaveLength(2);
    } finally {
      await q('delete from store_members where user_id = $1', [shopper!.id]);
    }
  });

  it('shows staff the outbox', async () => {
    const staff = client();
    await staff.login(STAFF.email, STAFF.password);
    const data = (await staff.get(`${API}/atlas/outbox/`)).json<{ data: { to: string; subject: string; text: string; created_at: string; sent_at: string | null }[] }>().data;
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]).toEqual({ id: expect.any(Number), to: expect.any(String), subject: expect.any(String), text: expect.any(String), created_at: expect.any(String), sent_at: null });
  });
});

describe('§6 page access in core data', () => {
  it('lists unpublished pages for staff only and loginState pages for who may open them', async () => {
    const [demo] = await q<{ id: number }>(`select id from divisions where code = 'demo'`);
    await q(
      `insert into pages (uuid, division_id, url, published, properties) values
       (gen_random_uuid(), $1, '/secret-draft/', false, '{"title":"Draft"}'),
       (gen_random_uuid(), $1, '/members/', true, '{"title":"Members","loginState":"logged-in"}'),
       (gen_random_uuid(), $1, '/owners/', true, '{"title":"Owners","loginState":"dashboard-access"}')`,
      [demo!.id],
    );
    const urls = async (c: TestClient) => (await c.get(`${API}/frontend/demo/getStoreCoreData/json/`)).json<{ pages: { url: string }[] }>().pages.map((p) => p.url);
    const extra = (list: string[]) => list.filter((u) => ['/secret-draft/', '/members/', '/owners/'].includes(u)).sort();
    expect(extra(await urls(client()))).toEqual([]);
    const shopper = client();
    await shopper.login(SHOPPER.email, SHOPPER.password);
    expect(extra(await urls(shopper))).toEqual(['/members/']);
    const owner = client();
    await owner.login(OWNER.email, OWNER.password);
    expect(extra(await urls(owner))).toEqual(['/members/', '/owners/']);
    const staff = client();
    await staff.login(STAFF.email, STAFF.password);
    expect(extra(await urls(staff))).toEqual(['/members/', '/owners/', '/secret-draft/']);
    await q(`delete from pages where url in ('/secret-draft/', '/members/', '/owners/')`);
  });
});
