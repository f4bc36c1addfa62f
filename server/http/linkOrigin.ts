import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { StartupError } from '../db/database';
import { findStore } from '../stores';

/**
 * PUBLIC_URL (an origin, e.g. https://shop.example.com) when set — for a single-store deployment behind a proxy that does
 * not pass the host on; a bad value stops the server with one line. Unset → null.
 */
export function publicUrlFrom(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  // An origin only: the storefront's routes (/pay/…, /receipt/…) live at the root of the host.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new StartupError(`PUBLIC_URL must be the store's address, like https://shop.example.com, got "${env.PUBLIC_URL}".`);
  }
  return url.origin;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The origin of every link we hand out (reset and verification mail, receipts, favourites, PayPal return URLs).
 * A reset link that followed the request's Host (or X-Forwarded-Host) header would mail a working token to whoever
 * sent that header, so the header is only echoed when it names one of the store's own configured domains (or the
 * loopback address a developer runs on, which can only ever point back at the clicker's own machine).
 * Otherwise: PUBLIC_URL, else https:// plus the store's configured domain.
 */
export function linkOriginFor(request: Pick<FastifyRequest, 'protocol' | 'host' | 'hostname'>, domains: string[], env: NodeJS.ProcessEnv = process.env): string {
  const configured = publicUrlFrom(env);
  if (configured) return configured;
  const hostname = request.hostname.toLowerCase();
  const own = domains.map((d) => d.toLowerCase());
  if (own.includes(hostname) || LOOPBACK.has(hostname)) return `${request.protocol}://${request.host}`;
  if (own[0]) return `https://${own[0]}`;
  return `http://localhost:${env.PORT ?? 3000}`;
}

/** linkOriginFor the store the request is for (its host, else the default store). */
export async function linkOrigin(db: Queryable, request: Pick<FastifyRequest, 'protocol' | 'host' | 'hostname'>, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (publicUrlFrom(env)) return publicUrlFrom(env)!;
  const store = await findStore(db, { host: request.hostname });
  const domains = store ? [store.subdomain.customDomainName, store.activeDomainName].filter((d): d is string => !!d) : [];
  return linkOriginFor(request, domains, env);
}
