import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Outside hosts the storefront loads from: Stripe.js and its frames (card payments), PayPal (buttons and its
 * frames; approval itself is a top-level navigation), and YouTube's privacy-enhanced embeds.
 */
const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
/** Analytics and advertising scripts a store's tracking ids load, only after the visitor's cookie consent (issue #17). */
const TRACKING = {
  script: ['https://www.googletagmanager.com', 'https://connect.facebook.net', 'https://s.pinimg.com'],
  connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.facebook.com', 'https://ct.pinterest.com'],
};
const PAYPAL = { script: ['https://www.paypal.com', 'https://*.paypal.com'], frame: ['https://*.paypal.com'], connect: ['https://*.paypal.com'] };

/** A fresh value for each HTML response: only scripts carrying it (ours) may run. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/** Exact origins (scheme://host[:port]); anything else is not a frame ancestor. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

/** The outside editors allowed to frame the store: EDITOR_ORIGINS (comma-separated) plus the store's own list. */
export function editorOrigins(storeList: unknown): string[] {
  const fromEnv = (process.env.EDITOR_ORIGINS ?? '').split(',').map((o) => o.trim());
  const fromStore = Array.isArray(storeList) ? storeList.filter((o): o is string => typeof o === 'string') : [];
  return [...new Set([...fromEnv, ...fromStore].filter((o) => ORIGIN.test(o)))];
}

/**
 * The Content-Security-Policy of a storefront page: scripts only from this origin, the payment providers and the
 * nonce (no 'unsafe-inline' for scripts). 'unsafe-eval' stays until the form rules' validators are compiled at
 * build time: ajv turns each rule schema into a function with `new Function` when the sign-in, checkout and builder
 * forms first validate. Inline styles stay allowed (the theme's first-paint variables and React's style attributes). Framed only by the store itself and its configured outside editors. Iframe blocks
 * embed any https page the owner chose, so frames allow https.
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'unsafe-eval' ${[...STRIPE.script, ...PAYPAL.script, ...TRACKING.script].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...STRIPE.connect, ...PAYPAL.connect, ...TRACKING.connect].join(' ')}`,
    `frame-src 'self' https: ${[...STRIPE.frame, ...PAYPAL.frame].join(' ')}`,
    `frame-ancestors 'self'${frameAncestors.map((o) => ` ${o}`).join('')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
  ].join('; ');
}

/** Puts the nonce on every script the page runs (the entry module and anything the head adds); data blocks (JSON) run nothing. */
export const withNonce = (html: string, nonce: string): string =>
  html.replace(/<script(\s[^>]*)?>/g, (tag: string, attributes = '') => (/\stype="application\//.test(attributes) ? tag : `<script${attributes} nonce="${nonce}">`));

/**
 * Headers on every response: no MIME sniffing, the referrer trimmed to the origin off-site, and HSTS only when the
 * request came over HTTPS (directly or, with TRUST_PROXY, through a proxy that says so) — never on plain HTTP,
 * where it would be ignored or, on a development host, lock the browser out.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
