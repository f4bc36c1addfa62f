import { useSyncExternalStore } from 'react';
import type { DataRouter } from 'react-router';
import { CHUNK_RELOADS_KEY, SERVICE_WORKER_CHECK_MS, SERVICE_WORKER_URL, WAITING_REPORT_MS, mayReloadForChunk } from '../core/serviceWorker';

type UpdateState = 'idle' | 'waiting' | 'updating';
let state: UpdateState = 'idle';
const listeners = new Set<() => void>();
const setState = (next: UpdateState) => {
  state = next;
  for (const l of listeners) l();
};
let registration: ServiceWorkerRegistration | null = null;
let needsReload = false;
let confirmed = false;

/** The update the app offers: 'waiting' while a new build is installed and waits for the visitor's go-ahead. */
export function useServiceWorkerUpdate(): { state: UpdateState; confirm: () => void } {
  const current = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => state,
    () => 'idle' as const,
  );
  return { state: current, confirm: confirmUpdate };
}

/** The visitor accepted the new build: the waiting worker takes over and the page reloads onto it. */
export function confirmUpdate() {
  const waiting = registration?.waiting;
  if (!waiting) return;
  confirmed = true;
  setState('updating');
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

const reportWaitingSoon = () => window.setTimeout(() => registration?.waiting && setState('waiting'), WAITING_REPORT_MS);

/**
 * §4 service worker: registers /sw.js (scope /) in the built app, removes workers whose script is not ours, checks
 * for a new build hourly, reports a new worker as waiting 200 ms after it installs, and after the switch reloads —
 * at once when this page confirmed, else on the next route change to another path. A chunk that fails to load
 * (a deploy removed it) reloads the page, at most three times in a row.
 */
export function startServiceWorker(router: Pick<DataRouter, 'subscribe' | 'state'>) {
  watchChunkFailures();
  let path = router.state.location.pathname;
  router.subscribe((next) => {
    if (next.location.pathname === path) return;
    path = next.location.pathname;
    if (needsReload) window.location.reload();
  });
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  // The first worker claiming a page that had none is not a new build: the page already runs the current one.
  let controlled = !!sw.controller;
  sw.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (confirmed) window.location.reload();
    else needsReload = true;
  });
  void (async () => {
    for (const r of await sw.getRegistrations()) {
      const script = (r.active ?? r.waiting ?? r.installing)?.scriptURL;
      if (script && new URL(script).pathname !== SERVICE_WORKER_URL) await r.unregister();
    }
    registration = await sw.register(SERVICE_WORKER_URL, { scope: '/' });
    if (registration.waiting && sw.controller) reportWaitingSoon();
    registration.addEventListener('updatefound', () => {
      const installing = registration?.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && sw.controller) reportWaitingSoon();
      });
    });
    window.setInterval(() => void registration?.update().catch(() => undefined), SERVICE_WORKER_CHECK_MS);
  })().catch((error: unknown) => console.warn('service worker not registered', error));
}

function watchChunkFailures() {
  const read = () => Number(window.sessionStorage.getItem(CHUNK_RELOADS_KEY) ?? 0) || 0;
  window.addEventListener('vite:preloadError', (event) => {
    const reloads = read();
    if (!mayReloadForChunk(reloads)) return;
    event.preventDefault();
    window.sessionStorage.setItem(CHUNK_RELOADS_KEY, String(reloads + 1));
    window.location.reload();
  });
  // A page that keeps working for a while starts the count again.
  window.setTimeout(() => window.sessionStorage.removeItem(CHUNK_RELOADS_KEY), 30_000);
}
