/**
 * Runs `then` once the browser has painted the page for the first time (or after `fallbackMs`, for a tab that never
 * paints because it opened in the background). Chromium holds the first paint of a page while web fonts it started
 * loading before that paint are on their way, so a server-drawn page starts loading the theme's other weights only
 * after the shopper already sees it.
 */
export function afterFirstPaint(then: () => void, fallbackMs = 3000, perf: Pick<Performance, 'getEntriesByName'> | undefined = globalThis.performance): void {
  if (perf?.getEntriesByName('first-contentful-paint').length) return then();
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(run, fallbackMs);
  try {
    observer = new PerformanceObserver(run);
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the fallback timer decides.
  }
}
