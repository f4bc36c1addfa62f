/** §4 / §9 snackbar queue: at most 4 queued, duplicates by code ignored, one shown at a time, 3,000 ms, 300 ms gap. */
export const SNACKBAR_MAX_QUEUED = 4;
export const SNACKBAR_DURATION_MS = 3000;
export const SNACKBAR_GAP_MS = 300;

/** §8 wording. */
export const SNACKBAR_GENERIC = 'Oops... looks like something went wrong. Please try again.';
export const SNACKBAR_SERVER_ERROR = 'Oops.. looks like something went wrong';

export type SnackKind = 'info' | 'success' | 'error';

export interface Snack {
  code: string;
  text: string;
  kind: SnackKind;
  durationMs?: number;
  /** A link that follows the message, e.g. "View basket" after adding to it. */
  link?: { text: string; href: string };
}

export interface SnackbarState {
  shown: Snack | null;
  queued: readonly Snack[];
}

interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

/** The one queue of transient messages; the app draws `shown`. */
export function createSnackbarQueue(timers: Timers = browserTimers) {
  let state: SnackbarState = { shown: null, queued: [] };
  let timer: unknown = null;
  let gap = false;
  const listeners = new Set<() => void>();
  const set = (next: SnackbarState) => {
    state = next;
    for (const l of listeners) l();
  };
  const showNext = () => {
    if (state.shown || gap || state.queued.length === 0) return;
    const [next, ...rest] = state.queued;
    set({ shown: next!, queued: rest });
    timer = timers.set(dismiss, next!.durationMs ?? SNACKBAR_DURATION_MS);
  };
  function dismiss() {
    if (!state.shown) return;
    if (timer !== null) timers.clear(timer);
    gap = true;
    set({ shown: null, queued: state.queued });
    timer = timers.set(() => {
      timer = null;
      gap = false;
      showNext();
    }, SNACKBAR_GAP_MS);
  }
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Queues a message; false when one with the same code is shown or waiting, or the queue is full. */
    push(snack: Snack): boolean {
      if (state.shown?.code === snack.code || state.queued.some((s) => s.code === snack.code)) return false;
      if (state.queued.length >= SNACKBAR_MAX_QUEUED) return false;
      set({ shown: state.shown, queued: [...state.queued, snack] });
      showNext();
      return true;
    },
    dismiss,
  };
}

export type SnackbarQueue = ReturnType<typeof createSnackbarQueue>;

/**
 * §8 response routing by status, the one place it is decided: 422 shows the first validation message of the
 * errors list, else the response message; 500 the fixed server-error text; other 4xx and 5xx the server's message
 * or that same text. Status 0 is no answer at all (the network failed): the generic snackbar text.
 */
export function messageForStatus(status: number, body: { message?: string; errors?: Record<string, string[]> } | null | undefined): string {
  if (status === 422) {
    const first = Object.values(body?.errors ?? {}).find((list) => Array.isArray(list) && list.length > 0)?.[0];
    return first ?? body?.message ?? SNACKBAR_GENERIC;
  }
  if (status === 0) return body?.message || SNACKBAR_GENERIC;
  if (status === 500) return SNACKBAR_SERVER_ERROR;
  return body?.message || SNACKBAR_SERVER_ERROR;
}
