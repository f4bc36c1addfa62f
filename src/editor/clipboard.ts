/**
 * Block clipboard: blocks travel as JSON `{"pod-blocks":1,"blocks":[…]}` through the system
 * clipboard when the browser lets us use it, and always through an in-memory copy plus localStorage, so pasting
 * works between pages and between tabs of the same origin even when clipboard access is refused.
 */

export const CLIPBOARD_FORMAT = 'pod-blocks';
export const CLIPBOARD_VERSION = 1;
export const CLIPBOARD_STORAGE_KEY = 'pod-editor-clipboard';

export interface ClipboardPayload {
  'pod-blocks': typeof CLIPBOARD_VERSION;
  blocks: unknown[];
}

export const clipboardMessages = {
  empty: 'There are no copied blocks to paste',
  invalid: 'The copied blocks are not valid and cannot be pasted',
  notAllowed: 'The copied blocks cannot be placed here',
} as const;

let memory: string | null = null;

export function serializeBlocks(blocks: readonly unknown[]): string {
  const payload: ClipboardPayload = { [CLIPBOARD_FORMAT]: CLIPBOARD_VERSION, blocks: [...blocks] } as ClipboardPayload;
  return JSON.stringify(payload);
}

/** The blocks of a clipboard text, or null when it is not our format. */
export function parseBlocks(text: string | null | undefined): unknown[] | null {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<ClipboardPayload> | null;
    if (!data || typeof data !== 'object' || data[CLIPBOARD_FORMAT] !== CLIPBOARD_VERSION || !Array.isArray(data.blocks)) return null;
    return data.blocks;
  } catch {
    return null;
  }
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode)
  }
};

const systemClipboard = (): Clipboard | null =>
  typeof navigator !== 'undefined' && navigator.clipboard && typeof navigator.clipboard.writeText === 'function' ? navigator.clipboard : null;

function readStored(): string | null {
  try {
    return storage()?.getItem(CLIPBOARD_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Puts blocks on the clipboard: system clipboard when available, plus memory and localStorage always. */
export async function writeBlocks(blocks: readonly unknown[]): Promise<void> {
  const text = serializeBlocks(blocks);
  memory = text;
  try {
    storage()?.setItem(CLIPBOARD_STORAGE_KEY, text);
  } catch {
    // quota exceeded: memory still holds the copy for this tab
  }
  const clipboard = systemClipboard();
  if (clipboard) {
    try {
      await clipboard.writeText(text);
    } catch {
      // permission refused or document not focused: the fallbacks hold the copy
    }
  }
}

/**
 * The blocks on the clipboard. The system clipboard wins when it can be read (if it holds something else, such
 * as text copied in another app, there is nothing to paste); when reading is unavailable or refused, the copy
 * in localStorage (shared by tabs) or in memory is used.
 */
export async function readBlocks(): Promise<unknown[] | null> {
  const clipboard = systemClipboard();
  if (clipboard && typeof clipboard.readText === 'function') {
    try {
      return parseBlocks(await clipboard.readText());
    } catch {
      // fall through to the local copies
    }
  }
  return parseBlocks(readStored()) ?? parseBlocks(memory);
}

/** Test helper: forgets the in-memory and stored copies. */
export function clearClipboardFallback(): void {
  memory = null;
  try {
    storage()?.removeItem(CLIPBOARD_STORAGE_KEY);
  } catch {
    // ignore
  }
}
