declare global {
  interface Window {
    /** Buttons pressed on the server-drawn page before the app took over (the capture script in index.html). */
    __podEarlyClicks?: Element[] | null;
  }
}

/**
 * Once the app has taken over the server-drawn page: stops recording and presses again, in order, every button the
 * visitor pressed before then (a colour, a size, a tab). Hydration keeps the server's elements, so they are the
 * same nodes, now with their handlers; one the app replaced is no longer in the page and is skipped.
 */
export function replayEarlyClicks(win: Window = window): number {
  const taps = win.__podEarlyClicks ?? [];
  win.__podEarlyClicks = null;
  let pressed = 0;
  for (const el of taps) {
    if (!el.isConnected || !(el instanceof HTMLElement)) continue;
    el.click();
    pressed += 1;
  }
  return pressed;
}
