import { isStorable } from '../../core/storage';

/**
 * §2.4 overlays opened from anywhere in the app: got-it message, confirm and loading. Callers ask for one and
 * await its answer; the OverlayHost draws whichever is open, one at a time, in the order they were asked for.
 */
export interface ConfirmRequest {
  kind: 'confirm';
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive action: the confirm button is drawn as a warning. */
  danger: boolean;
  answer: (yes: boolean) => void;
}

export interface GotItRequest {
  kind: 'gotIt';
  title: string;
  text: string;
  answer: () => void;
}

export interface LoadingRequest {
  kind: 'loading';
  title: string;
  text: string;
}

export type OverlayRequest = (ConfirmRequest | GotItRequest | LoadingRequest) & { id: number };

type Listener = () => void;
let open: readonly OverlayRequest[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const set = (next: readonly OverlayRequest[]) => {
  open = next;
  for (const l of listeners) l();
};
const add = (request: OverlayRequest) => set([...open, request]);
const remove = (id: number) => set(open.filter((r) => r.id !== id));

export const overlays = {
  /** Every open request; the host shows the first. */
  get: () => open,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Asks before an action: true when the visitor confirms, false when they cancel, press Escape or click outside. */
export function confirmOverlay(options: { title: string; text: string; confirmLabel?: string; cancelLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    add({
      kind: 'confirm',
      id,
      title: options.title,
      text: options.text,
      confirmLabel: options.confirmLabel ?? 'Confirm',
      cancelLabel: options.cancelLabel ?? 'Cancel',
      danger: options.danger ?? false,
      answer: (yes) => {
        remove(id);
        resolve(yes);
      },
    });
  });
}

/** Where a got-it tip remembers that it was seen (§5.2 storage limits apply to the key). */
export const gotItKey = (code: string) => `got-it:${code}`;

const seen = (code: string): boolean => {
  try {
    return window.localStorage.getItem(gotItKey(code)) !== null;
  } catch {
    return false;
  }
};

/**
 * A one-time tip: shown until the visitor presses "Got it", then never again on this device. Resolves when it
 * closes, at once when it was seen before.
 */
export function gotItOverlay(options: { code: string; title: string; text: string }): Promise<void> {
  if (seen(options.code) || open.some((r) => r.kind === 'gotIt' && r.title === options.title)) return Promise.resolve();
  return new Promise((resolve) => {
    const id = nextId++;
    add({
      kind: 'gotIt',
      id,
      title: options.title,
      text: options.text,
      answer: () => {
        const key = gotItKey(options.code);
        try {
          if (isStorable(key, '1')) window.localStorage.setItem(key, '1');
        } catch {
          // Storage refused (private mode): the tip may show again next time.
        }
        remove(id);
        resolve();
      },
    });
  });
}

/** Runs a long operation behind the loading overlay, which cannot be dismissed and closes when the work settles. */
export async function loadingOverlay<T>(options: { title: string; text?: string }, work: () => Promise<T>): Promise<T> {
  const id = nextId++;
  add({ kind: 'loading', id, title: options.title, text: options.text ?? '' });
  try {
    return await work();
  } finally {
    remove(id);
  }
}
