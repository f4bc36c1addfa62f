/** Input that means the visitor is already using the new page: scrolling it now would move it under their hand. */
const USING_THE_PAGE = ['pointerdown', 'touchstart', 'wheel', 'keydown', 'input'] as const;

/**
 * §2.3: after a route change the page scrolls to the top once `delayMs` have passed, unless the visitor has started
 * using the new page by then (a tap, a scroll of their own, typing): a tap aimed at a link would otherwise land on
 * whatever the jump brought under it. Returns the cancel.
 */
export function scrollToTopLater(delayMs: number, win: Window = window): () => void {
  const cancel = () => {
    win.clearTimeout(timer);
    for (const type of USING_THE_PAGE) win.removeEventListener(type, cancel, true);
  };
  const timer = win.setTimeout(() => {
    cancel();
    win.scrollTo(0, 0);
  }, delayMs);
  for (const type of USING_THE_PAGE) win.addEventListener(type, cancel, { capture: true, passive: true });
  return cancel;
}
