import { useEffect } from 'react';
import { buildScreenHeadData, type ScreenHead } from '../core/head';
import { applyHead } from '../app/applyHead';
import { useStore } from '../app/StoreContext';

/** The address's origin in the browser; empty while the server renders (the head is applied after hydration). */
export const pageOrigin = (): string => (typeof window === 'undefined' ? '' : window.location.origin);

/** A commerce screen's head; the address defaults to the current path. */
export type CommerceHead = Omit<ScreenHead, 'url'> & { url?: string };

/**
 * §2.2 head data of a commerce screen (title, description, canonical, social tags, JSON-LD), kept current. Built by
 * the same pure builder the server uses for the first response, so a product or collection page's head does not
 * change when the app takes over.
 */
export function useCommerceHead(head: CommerceHead | null) {
  const companyName = useStore().state.company.name;
  const key = head ? JSON.stringify(head) : null;
  useEffect(() => {
    if (!head) return;
    applyHead(buildScreenHeadData(window.location.origin, companyName, { ...head, url: head.url ?? window.location.pathname }));
    // key stands for head's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, companyName]);
}
