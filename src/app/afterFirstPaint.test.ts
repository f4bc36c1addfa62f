import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './afterFirstPaint';

const painted = { getEntriesByName: () => [{}] as PerformanceEntryList };
const notYet = { getEntriesByName: () => [] as PerformanceEntryList };

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs at once when the page has already painted', () => {
    const then = vi.fn();
    afterFirstPaint(then, 3000, painted);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for the first paint, then runs once', () => {
    vi.useFakeTimers();
    let notify: () => void = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(cb: () => void) {
          notify = cb;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const then = vi.fn();
    afterFirstPaint(then, 3000, notYet);
    expect(then).not.toHaveBeenCalled();
    notify();
    notify();
    vi.advanceTimersByTime(5000);
    expect(then).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
  });

  it('runs after the fallback when no paint is ever reported (a background tab, no paint timing)', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe() {
          throw new TypeError('paint is not supported');
        }
        disconnect() {}
      },
    );
    const then = vi.fn();
    afterFirstPaint(then, 3000, notYet);
    vi.advanceTimersByTime(2999);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
