/** §2.3/§9: more than 100 consecutive redirects counts as a loop and leads to /404/. */
export const ACCESS_LOOP_LIMIT = 100;

export interface RedirectCounter {
  /** Counts one guard redirect; true when this one is past the limit (a loop). */
  hit(): boolean;
  /** A route rendered: the run of redirects is over. */
  reset(): void;
  /** Redirects in the current run. */
  readonly count: number;
  /** True after a loop was detected, until the next reset: the page it leads to renders unguarded. */
  readonly tripped: boolean;
}

export function createRedirectCounter(limit = ACCESS_LOOP_LIMIT): RedirectCounter {
  let count = 0;
  let tripped = false;
  return {
    hit() {
      count += 1;
      if (count > limit) tripped = true;
      return tripped;
    },
    reset() {
      count = 0;
      tripped = false;
    },
    get count() {
      return count;
    },
    get tripped() {
      return tripped;
    },
  };
}

/** The app's one counter: guards count on it, the router resets it when a navigation settles on a rendered route. */
export const redirectCounter = createRedirectCounter();
