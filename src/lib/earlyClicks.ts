import { yieldToBrowser } from './yieldToBrowser';

/** What the visitor did before the app listened: pressed a button, chose in a drop-down (a currency), ticked a box. */
export type EarlyAction = Element | { choose: HTMLSelectElement; value: string } | { tick: HTMLInputElement; checked: boolean };

declare global {
  interface Window {
    /** Taps and choices made on the server-drawn page before the app took over (the capture script in index.html). */
    __podEarlyClicks?: EarlyAction[] | null;
  }
}

/**
 * Stops recording taps and returns those made so far. Called as the app starts listening to the page (hydration):
 * from then on React answers taps itself, so one recorded later would be pressed twice (an item added twice).
 */
export function takeEarlyClicks(win: Window = window): EarlyAction[] {
  const taps = win.__podEarlyClicks ?? [];
  win.__podEarlyClicks = null;
  return taps;
}

/**
 * Once the app has taken over the server-drawn page: makes again, in order, what the visitor did before then (a
 * colour, a size, Add to basket, a currency, "I want my own store"). Hydration keeps the server's elements, so they
 * are the same nodes, now with their handlers; one the app replaced is no longer in the page and is skipped. A
 * drop-down is set back to the visitor's choice (hydration drew the app's value over it) and told it changed; a box is
 * ticked (or cleared) again as a hand does it, so the form's state, which still holds the drawn value, follows. Each
 * action gets its own task, so the app has drawn what the last one chose before the next one acts on it (Add to
 * basket sees the size just tapped).
 */
export async function replayEarlyClicks(taps: EarlyAction[]): Promise<number> {
  let made = 0;
  // Taken out of the list: a second call (an effect run twice) makes nothing again.
  for (const action of taps.splice(0)) {
    const el = action instanceof Element ? action : 'choose' in action ? action.choose : action.tick;
    if (!el.isConnected || !(el instanceof HTMLElement)) continue;
    if (made > 0) await yieldToBrowser();
    if (action instanceof Element) el.click();
    else if ('choose' in action) choose(action.choose, action.value);
    else tick(action.tick, action.checked);
    made += 1;
  }
  return made;
}

function choose(select: HTMLSelectElement, value: string) {
  if (![...select.options].some((option) => option.value === value)) return;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Gives a checkbox or radio `checked` as a click would. Hydration may have left the visitor's tick on screen while the
 * app's state still says otherwise, and React only answers a click that changes what it last saw: so it is shown the
 * other state first (through the element's own setter, which React watches), then clicked into `checked`.
 */
function tick(box: HTMLInputElement, checked: boolean) {
  box.checked = !checked;
  box.click();
}
