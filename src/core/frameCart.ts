import type { BlockData } from './storeData';
import { walkBlocks } from './blocks/tree';

/**
 * §5.2 add-to-cart messages from an embedded frame (an iframe block): `{ type: 'add-to-cart', variantId?, items? }`.
 * variantId is a variant's SKU; items are `{ variantId, quantity? }`. Replies: add-to-cart-complete / add-to-cart-failed.
 */
export const frameCartMessages = {
  both: 'variantId and items cannot be used together',
  variantId: 'variantId must be a string if provided',
  items: 'items must be an array if provided',
} as const;

export const FRAME_ADD_TO_CART = 'add-to-cart';
export const FRAME_COMPLETE = 'add-to-cart-complete';
export const FRAME_FAILED = 'add-to-cart-failed';

export interface FrameCartItem {
  variantSku: string;
  quantity: number;
}

/** The items a valid message asks for, or the §5.2 message saying why it is not valid. */
export function parseFrameCartMessage(data: Record<string, unknown>): { items: FrameCartItem[] } | { error: string } {
  const { variantId, items } = data;
  if (variantId !== undefined && items !== undefined) return { error: frameCartMessages.both };
  if (variantId !== undefined && typeof variantId !== 'string') return { error: frameCartMessages.variantId };
  if (items !== undefined && !Array.isArray(items)) return { error: frameCartMessages.items };
  if (typeof variantId === 'string') return { items: [{ variantSku: variantId, quantity: 1 }] };
  const list = (items as unknown[] | undefined) ?? [];
  const parsed: FrameCartItem[] = [];
  for (const item of list) {
    const entry = (item ?? {}) as { variantId?: unknown; quantity?: unknown };
    if (typeof entry.variantId !== 'string') return { error: frameCartMessages.variantId };
    const quantity = typeof entry.quantity === 'number' && Number.isInteger(entry.quantity) && entry.quantity > 0 ? entry.quantity : 1;
    parsed.push({ variantSku: entry.variantId, quantity });
  }
  return parsed.length > 0 ? { items: parsed } : { error: frameCartMessages.items };
}

/** Origins of the iframe blocks on a page: the only senders whose add-to-cart messages are accepted. */
export function frameOrigins(blocks: readonly BlockData[]): Set<string> {
  const origins = new Set<string>();
  for (const block of walkBlocks(blocks)) {
    if (block.type !== 'iframe') continue;
    const p = block.properties as { src?: unknown; code?: unknown };
    const fromCode = typeof p.code === 'string' ? /\ssrc\s*=\s*["']?(https:\/\/[^"'\s>]+)/i.exec(p.code)?.[1] : undefined;
    for (const candidate of [fromCode, typeof p.src === 'string' ? p.src : undefined]) {
      if (!candidate) continue;
      try {
        const url = new URL(candidate);
        if (url.protocol === 'https:') origins.add(url.origin);
      } catch {
        /* not an address: no origin */
      }
    }
  }
  return origins;
}
