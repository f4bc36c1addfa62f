import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './yieldToBrowser';

afterEach(() => vi.unstubAllGlobals());

describe('yieldToBrowser', () => {
  it('resumes in a later task, not in the same microtask checkpoint', async () => {
    const order: string[] = [];
    const resumed = yieldToBrowser().then(() => order.push('resumed'));
    await Promise.resolve().then(() => order.push('microtask'));
    setTimeout(() => order.push('timer queued before'), 0);
    await resumed;
    expect(order[0]).toBe('microtask');
    expect(order).toContain('resumed');
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldSpy = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldSpy });
    await yieldToBrowser();
    expect(yieldSpy).toHaveBeenCalledOnce();
  });
});
