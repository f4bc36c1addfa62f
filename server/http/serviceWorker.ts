import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** §7: the worker is requested at /sw.js with scope /. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The built files the worker keeps for offline use: the entry scripts, styles and preloads named in index.html. */
export function shellAssets(indexHtml: string): string[] {
  const urls = new Set<string>();
  for (const match of indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) urls.add(match[1]!);
  return [...urls].sort();
}

/**
 * The worker script for one build: its version is the hash of the built index.html, so every new build is a new
 * worker (installed, then waiting for the app's confirmation, §4). It keeps the app shell and fonts, answers
 * navigations from the network and falls back to the shell offline, never caches the API, and shows web pushes.
 */
export function serviceWorkerScript(indexHtml: string | null): string {
  const version = indexHtml ? createHash('sha256').update(indexHtml).digest('hex').slice(0, 16) : 'development';
  const shell = indexHtml ? ['/', ...shellAssets(indexHtml)] : [];
  return `/* POD service worker, build ${version} */
const VERSION = ${JSON.stringify(version)};
const SHELL_CACHE = 'pod-shell-' + VERSION;
const FONT_CACHE = 'pod-fonts';
const SHELL = ${JSON.stringify(shell)};

self.addEventListener('install', (event) => {
  // No skipWaiting here: a new build waits until the app confirms the update.
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('pod-shell-') && key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data && event.data.type === 'VERSION' && event.ports[0]) event.ports[0].postMessage(VERSION);
});

const cacheFirst = async (request, cacheName) => {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
};

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    if (request.destination === 'font') event.respondWith(cacheFirst(request, FONT_CACHE));
    return;
  }
  if (url.pathname.startsWith('/omnis/') || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(request)) || (await caches.match('/', { cacheName: SHELL_CACHE })) || Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request, SHELL_CACHE));
  else if (url.pathname.startsWith('/fonts/')) event.respondWith(cacheFirst(request, FONT_CACHE));
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Notification', { body: data.body || '', tag: data.tag || undefined, icon: data.image || undefined, data: { href: data.href || '/' } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const href = (event.notification.data && event.notification.data.href) || '/';
  event.waitUntil(self.clients.openWindow(new URL(href, self.location.origin).href));
});
`;
}

export function serviceWorkerRoutes(app: FastifyInstance, clientDir: string | null) {
  const index = clientDir && fs.existsSync(path.join(clientDir, 'index.html')) ? fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8') : null;
  const script = serviceWorkerScript(index);
  app.get(SERVICE_WORKER_PATH, { schema: {} }, async (_request, reply) => {
    // Always revalidated, so the hourly update check sees a new build at once.
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('service-worker-allowed', '/');
    return script;
  });
}
