// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { listenForFrameCart } from './frameCart';

const ALLOWED = 'https://designer.example';

function send(data: unknown, origin = ALLOWED) {
  const source = { postMessage: vi.fn() };
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as unknown as Window }));
  return source.postMessage;
}

describe('frame add-to-cart listener', () => {
  it('adds from an allowed frame and answers add-to-cart-complete to that frame', async () => {
    const add = vi.fn().mockResolvedValue(undefined);
    const stop = listenForFrameCart(new Set([ALLOWED]), add);
    const reply = send({ type: 'add-to-cart', variantId: 'FT-001-f5f3ec-M' });
    await vi.waitFor(() => expect(reply).toHaveBeenCalledWith({ type: 'add-to-cart-complete' }, ALLOWED));
    expect(add).toHaveBeenCalledWith([{ variantSku: 'FT-001-f5f3ec-M', quantity: 1 }]);
    stop();
  });

  it('ignores other origins and other message types', () => {
    const add = vi.fn();
    const stop = listenForFrameCart(new Set([ALLOWED]), add);
    expect(send({ type: 'add-to-cart', variantId: 'X' }, 'https://evil.example')).not.toHaveBeenCalled();
    expect(send({ type: 'something-else' })).not.toHaveBeenCalled();
    expect(add).not.toHaveBeenCalled();
    stop();
  });

  it('answers add-to-cart-failed with the reason: a malformed message or the server’s message', async () => {
    const add = vi.fn().mockRejectedValue(new Error('Oops... Looks like this product is no longer available'));
    const stop = listenForFrameCart(new Set([ALLOWED]), add);
    expect(send({ type: 'add-to-cart', variantId: 'A', items: [] })).toHaveBeenCalledWith({ type: 'add-to-cart-failed', message: 'variantId and items cannot be used together' }, ALLOWED);
    const reply = send({ type: 'add-to-cart', variantId: 'gone' });
    await vi.waitFor(() => expect(reply).toHaveBeenCalledWith({ type: 'add-to-cart-failed', message: 'Oops... Looks like this product is no longer available' }, ALLOWED));
    stop();
  });
});
