import { FRAME_ADD_TO_CART, FRAME_COMPLETE, FRAME_FAILED, parseFrameCartMessage, type FrameCartItem } from '../core/frameCart';

/**
 * Listens for §5.2 add-to-cart messages from the page's iframe blocks and answers each sender. Messages from any
 * other origin are ignored. Returns the function that stops listening.
 */
export function listenForFrameCart(origins: ReadonlySet<string>, addItems: (items: FrameCartItem[]) => Promise<void>, target: Window = window): () => void {
  const onMessage = (event: MessageEvent) => {
    if (!origins.has(event.origin)) return;
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== 'object' || data.type !== FRAME_ADD_TO_CART) return;
    const reply = (message: Record<string, unknown>) => (event.source as Window | null)?.postMessage(message, event.origin);
    const parsed = parseFrameCartMessage(data);
    if ('error' in parsed) {
      reply({ type: FRAME_FAILED, message: parsed.error });
      return;
    }
    addItems(parsed.items).then(
      () => reply({ type: FRAME_COMPLETE }),
      (error: unknown) => reply({ type: FRAME_FAILED, message: (error as Error).message }),
    );
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
