import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { contentSecurityPolicy, editorOrigins, installSecurityHeaders, newNonce, withNonce } from './securityHeaders';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('storefront security headers', () => {
  afterEach(() => {
    delete process.env.EDITOR_ORIGINS;
  });

  it('allows scripts by nonce, never inline, and keeps Stripe and PayPal working', () => {
    const csp = directives(contentSecurityPolicy('abc123', []));
    const scripts = csp.get('script-src')!;
    expect(scripts).toContain("'nonce-abc123'");
    expect(scripts).not.toContain("'unsafe-inline'");
    // The form rules' ajv validators are compiled in the browser (see contentSecurityPolicy).
    expect(scripts).toContain("'unsafe-eval'");
    expect(scripts).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://www.paypal.com']));
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://api.stripe.com']));
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('lets only the store and its configured outside editors frame it', () => {
    process.env.EDITOR_ORIGINS = 'https://editor.example, javascript:alert(1), https://evil.example/path';
    const origins = editorOrigins(['https://studio.example:8443', 42, '*']);
    expect(origins).toEqual(['https://editor.example', 'https://studio.example:8443']);
    expect(directives(contentSecurityPolicy('n', origins)).get('frame-ancestors')).toEqual(["'self'", 'https://editor.example', 'https://studio.example:8443']);
    expect(directives(contentSecurityPolicy('n', [])).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('gives each response its own nonce and puts it on every script tag', () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = withNonce('<script type="module" src="/a.js"></script><script>x</script><scripts><script type="application/json">{}</script>', 'N');
    expect(html).toBe('<script type="module" src="/a.js" nonce="N"></script><script nonce="N">x</script><scripts><script type="application/json">{}</script>');
  });

  it('sends nosniff and the referrer policy everywhere, HSTS only over HTTPS', async () => {
    const app = Fastify({ trustProxy: true });
    installSecurityHeaders(app);
    app.get('/x', async () => ({ ok: true }));
    const plain = await app.inject({ method: 'GET', url: '/x' });
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({ method: 'GET', url: '/x', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});
