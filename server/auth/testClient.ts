import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE } from '../http/csrf';
import type { Queryable } from '../db/database';

/**
 * A browser-like client for API tests: keeps cookies (session and anti-forgery), echoes the XSRF token on
 * state-changing calls and comes from its own IP address (rate limits are per IP).
 */
export class TestClient {
  cookies: Record<string, string> = {};
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '203.0.113.1',
  ) {}

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && !this.cookies[CSRF_COOKIE]) await this.request('GET', '/omnis/v3/frontend/getStoreCoreData/json/');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      cookies: this.cookies,
      headers: { ...(method !== 'GET' ? { 'x-csrf-token': this.cookies[CSRF_COOKIE] ?? '' } : {}), 'user-agent': 'TestClient/1.0', ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires instanceof Date && cookie.expires.getTime() < Date.now()) || cookie.value === '';
      if (expired) delete this.cookies[cookie.name];
      else this.cookies[cookie.name] = cookie.value;
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload: unknown = {}) => this.request('POST', url, payload);
  put = (url: string, payload: unknown = {}) => this.request('PUT', url, payload);
  patch = (url: string, payload: unknown = {}) => this.request('PATCH', url, payload);
  delete = (url: string) => this.request('DELETE', url);

  /** Signs in with email and password (no 2FA); throws unless it worked. */
  async login(email: string, password: string): Promise<void> {
    const response = await this.post('/omnis/v3/dashboard/secure/login/', { email, password });
    if (response.statusCode !== 200 || !response.json<{ user?: unknown }>().user) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  }
}

/**
 * The owner of another store, for authorisation tests: signs up with a store (through the API), then is marked
 * verified with the EULA signed so only store access decides. Returns the new store's division id.
 */
export async function createStoreOwner(client: TestClient, db: Queryable, account: { email: string; password: string }): Promise<number> {
  const signUp = await client.post('/omnis/v3/shop/customer/create/', { ...account, should_have_store: 1 });
  if (signUp.statusCode !== 201) throw new Error(`sign-up ${account.email}: ${signUp.statusCode} ${signUp.body}`);
  await db.query('update users set verified_at = now(), eula_signed_at = now(), status = 0 where email = $1', [account.email]);
  return signUp.json<{ user: { stores: { divisionId: number }[] } }>().user.stores[0]!.divisionId;
}
