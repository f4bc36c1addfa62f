/**
 * Background work on a timer (the outbox poller, the unpaid-order sweep): `pass` runs now and every `intervalMs`
 * on an unref'd timer, so it never keeps the process alive. Passes never overlap — a tick while one runs is
 * skipped. A failing pass goes to `onError` and the timer keeps going. The returned stop clears the timer and
 * waits for a pass in progress.
 */
export function startPeriodic(pass: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = pass()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
