import { readCookie } from './cookies';

/** §7: JSON under /omnis/v3 with credentials; state-changing calls echo the XSRF-TOKEN cookie as X-CSRF-TOKEN. */
export const API_BASE = '/omnis/v3';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** §8 generic wording when the server gave none. */
export const GENERIC_ERROR = 'Oops... looks like something went wrong. Please try again.';

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = readCookie('XSRF-TOKEN') ?? '';
  const response = await fetch(path.startsWith('/') ? path : `${API_BASE}/${path}`, {
    method,
    headers,
    credentials: 'include',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const body = (data ?? {}) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(response.status, body.message ?? GENERIC_ERROR, body.errors);
  }
  return data as T;
}
