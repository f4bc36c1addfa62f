/**
 * Ends the running task and resumes in a new one, so the browser can answer a tap or paint in between: start-up
 * work split this way never makes one long task on a phone. `scheduler.yield()` where the browser has it (the
 * continuation keeps its place ahead of other work), else a zero-delay timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
