/** §9 service worker timings and §4/§9 reload limits. */
export const SERVICE_WORKER_URL = '/sw.js';
/** Update check: hourly (36e5 ms). */
export const SERVICE_WORKER_CHECK_MS = 36e5;
/** A new worker counts as waiting 200 ms after it installs. */
export const WAITING_REPORT_MS = 200;
/** Chunk-load failures reload the page at most this many times in a row. */
export const CHUNK_RELOAD_LIMIT = 3;
export const CHUNK_RELOADS_KEY = 'pod:chunkReloads';

/** Whether a failed chunk load may reload the page again, given how many reloads already happened. */
export const mayReloadForChunk = (reloads: number): boolean => reloads < CHUNK_RELOAD_LIMIT;
