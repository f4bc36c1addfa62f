import { readCookie } from './cookies';
import { peekPreloaded, type PreloadedAnswer } from './preloaded';
import { messageForStatus } from '../core/snackbar';

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

/** Any failure as an ApiError: the server's answer, or the §8 generic message for anything else (status 0). */
export const asApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : new ApiError(0, GENERIC_ERROR));

/** A form's failure: the errors by field, and the message to show when no field explains it. */
export function formFailure(error: unknown): { errors: Record<string, string[]>; message: string | null } {
  const err = asApiError(error);
  const errors = err.errors ?? {};
  return { errors, message: Object.keys(errors).length === 0 ? messageForStatus(err.status, err) : null };
}

/** How the server side answers a call: the data, or the status and §8 message of the error. */
export type ApiTransport = (url: string, init: { method: string; body?: unknown }) => Promise<PreloadedAnswer>;

let transport: ApiTransport | null = null;

/** On the server the app's calls go straight to the API in the same process (server rendering), not over HTTP. */
export function setApiTransport(next: ApiTransport | null): void {
  transport = next;
}

/**
 * True while the app runs in the server renderer. Caches kept in module state there outlive the request: they
 * would hand one visitor's read to the next and keep it out of the answers recorded for that page's HTML.
 */
export const rendersOnServer = (): boolean => transport !== null;

/** The data of an answer, or its error as the ApiError a fetch would have thrown. */
export function answerData<T>(answer: PreloadedAnswer): T {
  if ('data' in answer) return answer.data as T;
  throw new ApiError(answer.status, answer.message, answer.errors);
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const url = path.startsWith('/') ? path : `${API_BASE}/${path}`;
  if (method === 'GET') {
    // The first page's reads were answered by the server and came with the HTML.
    const preloaded = peekPreloaded(url);
    if (preloaded) return answerData<T>(preloaded);
  }
  if (transport) return answerData<T>(await transport(url, { method, body: init.body }));
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData body (a file upload) sets its own multipart content type with the boundary.
  const form = typeof FormData !== 'undefined' && init.body instanceof FormData;
  if (init.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = readCookie('XSRF-TOKEN') ?? '';
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: init.body === undefined ? undefined : form ? (init.body as FormData) : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) return answerData<T>(errorAnswer(response.status, data));
  return data as T;
}

/** An error answer in the §8 shape; the generic wording when the server gave none. */
export function errorAnswer(status: number, data: unknown): PreloadedAnswer {
  const body = (data ?? {}) as { message?: string; errors?: Record<string, string[]> };
  return { status, message: body.message ?? GENERIC_ERROR, errors: body.errors ?? {} };
}
