import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { openTestContext } from '../testing/testContext';
import { deliverOutbox, queueMail, type MailTransport } from './mail';
import { acceptAllCaptcha, captchaFromEnv, recaptchaVerifier } from './captcha';

let t: Awaited<ReturnType<typeof openTestContext>>;
beforeAll(async () => {
  t = await openTestContext({ seed: false });
});
afterAll(async () => t?.close());

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.ctx.db.query<T>(sql, params)).rows;

describe('SMTP delivery of the outbox (nodemailer)', () => {
  it('sends unsent mail through a nodemailer transport and marks it sent; failures stay unsent and are logged', async () => {
    const id = await queueMail(t.ctx.db, { to: 'ada@example.com', subject: 'Hello', text: 'Plain body', html: '<p>Plain body</p>' });
    // nodemailer's stream transport builds the real RFC 822 message without a server.
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const sent: string[] = [];
    const transport: MailTransport = {
      sendMail: async (message) => {
        const info = await stream.sendMail(message);
        sent.push((info.message as Buffer).toString('utf8'));
        return info;
      },
    };
    expect(await deliverOutbox(t.ctx.db, transport, { from: 'POD <no-reply@pod.local>' })).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('To: ada@example.com');
    expect(sent[0]).toContain('Subject: Hello');
    expect(sent[0]).toContain('Plain body');
    const [row] = await q<{ sent_at: unknown; attempts: number }>('select sent_at, attempts from outbox where id = $1', [id]);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.attempts).toBe(1);
    // Nothing left to send.
    expect(await deliverOutbox(t.ctx.db, transport, { from: 'x@pod.local' })).toEqual({ sent: 0, failed: 0 });

    const failing = await queueMail(t.ctx.db, { to: 'bob@example.com', subject: 'Oops', text: 'x' });
    const logged: object[] = [];
    const broken: MailTransport = { sendMail: async () => Promise.reject(new Error('connection refused')) };
    const logger = { info: () => {}, error: (obj: object) => void logged.push(obj) };
    expect(await deliverOutbox(t.ctx.db, broken, { from: 'x@pod.local', logger })).toEqual({ sent: 0, failed: 1 });
    const [kept] = await q<{ sent_at: unknown; last_error: string }>('select sent_at, last_error from outbox where id = $1', [failing]);
    expect(kept).toEqual({ sent_at: null, last_error: 'connection refused' });
    expect(logged).toEqual([{ outboxId: failing, err: 'connection refused' }]);

    // A later pass with a working transport (JSON transport this time) delivers it.
    const json = nodemailer.createTransport({ jsonTransport: true });
    expect(await deliverOutbox(t.ctx.db, json as unknown as MailTransport, { from: 'x@pod.local' })).toEqual({ sent: 1, failed: 0 });
  });
});

describe('captcha verifier', () => {
  it('accepts everything when RECAPTCHA_SECRET is not set', async () => {
    expect(captchaFromEnv({})).toBe(acceptAllCaptcha);
    expect(await acceptAllCaptcha.verify({}, { ip: '1.2.3.4', action: 'login' })).toBe(true);
    expect(captchaFromEnv({ RECAPTCHA_SECRET: 's' }).enabled).toBe(true);
  });

  it('posts the token to the verify endpoint and needs the minimum score', async () => {
    const calls: URLSearchParams[] = [];
    let answer: object = { success: true, score: 0.9, action: 'login' };
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      calls.push(new URLSearchParams(String(init.body)));
      return new Response(JSON.stringify(answer), { status: 200 });
    }) as unknown as typeof fetch;
    const verifier = recaptchaVerifier({ secret: 'top-secret', fetch: fakeFetch, minScore: 0.5 });
    expect(await verifier.verify({ v3: 'tok' }, { ip: '1.2.3.4', action: 'login' })).toBe(true);
    expect(Object.fromEntries(calls[0]!)).toEqual({ secret: 'top-secret', response: 'tok', remoteip: '1.2.3.4' });
    answer = { success: true, score: 0.3 };
    expect(await verifier.verify({ v3: 'tok' }, { ip: '1.2.3.4', action: 'login' })).toBe(false);
    // A v2 token is the fallback when the score is too low.
    answer = { success: true, score: 0.3 };
    expect(await verifier.verify({ v3: 'tok', v2: 'box' }, { ip: '1.2.3.4', action: 'login' })).toBe(true);
    expect(await verifier.verify({}, { ip: '1.2.3.4', action: 'login' })).toBe(false);
  });

  it('refuses sign-up with 422 when the configured verifier says no', async () => {
    t.ctx.captcha = { enabled: true, verify: async () => false };
    try {
      const first = await t.app.inject({ url: '/omnis/v3/frontend/getStoreCoreData/json/' });
      const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      const r = await t.app.inject({
        method: 'POST',
        url: '/omnis/v3/shop/customer/create/',
        cookies: { 'XSRF-TOKEN': token },
        headers: { 'x-csrf-token': token },
        payload: { email: 'bot@example.com', password: 'a fine password', v3captchaToken: 'x' },
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual({ captcha: ['Please confirm you are not a robot.'] });
    } finally {
      delete t.ctx.captcha;
    }
  });
});
