import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_MESSAGE = 'CSRF token mismatch. Reload the page and try again.';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Shared caches (a CDN) do not store responses that set cookies, so static files get no token. */
const STATIC = /^\/(fonts|media|assets)\//;

/**
 * Double-submit anti-forgery (§7, DESIGN §5): every response without the cookie gets a fresh random token
 * the SPA can read; a state-changing API request must echo it in X-CSRF-TOKEN. A cross-site page can send
 * the cookie but cannot read it, so it cannot forge the header.
 */
export function installCsrf(app: FastifyInstance, exempt: (url: string) => boolean = () => false) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method) && STATIC.test(request.url)) return;
    let token = request.cookies[CSRF_COOKIE];
    if (!token || !/^[0-9a-f]{64}$/.test(token)) {
      token = randomBytes(32).toString('hex');
      reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: request.protocol === 'https' });
      request.cookies[CSRF_COOKIE] = undefined; // a request that arrived without a token cannot have echoed it
    }
    if (SAFE.has(request.method) || exempt(request.url)) return;
    const sent = request.headers[CSRF_HEADER];
    const cookie = request.cookies[CSRF_COOKIE];
    if (typeof sent !== 'string' || !cookie || !sameToken(sent, cookie)) {
      await reply.status(403).send({ message: CSRF_MESSAGE });
    }
  });
}

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
