// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { atNextPageChange } from './fonts';

/** A stand-in for the app's navigation: the test says when the next page opens. */
function pages() {
  const listeners = new Set<() => void>();
  return {
    onPageChange: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    open: () => [...listeners].forEach((listener) => listener()),
    get listening() {
      return listeners.size;
    },
  };
}

describe('web fonts join a server-drawn page with the next page the visitor opens', () => {
  it('not while the page is read or used, then once, when the next page opens', () => {
    const join = vi.fn();
    const nav = pages();
    atNextPageChange(join, nav.onPageChange);
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    window.dispatchEvent(new Event('scroll'));
    expect(join).not.toHaveBeenCalled();
    nav.open();
    expect(join).toHaveBeenCalledTimes(1);
    expect(nav.listening).toBe(0);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(join).toHaveBeenCalledTimes(1);
  });

  it('or as the page is hidden', () => {
    const join = vi.fn();
    const nav = pages();
    atNextPageChange(join, nav.onPageChange);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(join).toHaveBeenCalledTimes(1);
    expect(nav.listening).toBe(0);
    nav.open();
    expect(join).toHaveBeenCalledTimes(1);
  });
});
