import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_WINDOW_DAYS, FAULT_REASONS, isFaultReason, returnMessages, returnRefusal, returnWindowEnd } from './returns';

const DAY = 24 * 60 * 60 * 1000;
const dispatched = new Date('2026-11-01T10:00:00Z');
const shipped = { status: 'complete', history: ['to_be_paid', 'paid', 'label_printed', 'printed', 'packing', 'complete'], dispatchedAt: dispatched, windowDays: DEFAULT_RETURN_WINDOW_DAYS };

describe('return rules', () => {
  it('opens at dispatch and closes after the store window (default 30 days)', () => {
    expect(DEFAULT_RETURN_WINDOW_DAYS).toBe(30);
    expect(returnWindowEnd(shipped)).toEqual(new Date(dispatched.getTime() + 30 * DAY));
    expect(returnRefusal(shipped, new Date(dispatched.getTime() + 30 * DAY))).toBeNull();
    expect(returnRefusal(shipped, new Date(dispatched.getTime() + 30 * DAY + 1))).toBe('The 30-day return window for this order closed on 1 December 2026.');
    expect(returnRefusal({ ...shipped, windowDays: 45 }, new Date(dispatched.getTime() + 40 * DAY))).toBeNull();
  });

  it('refuses before dispatch and for quotes; a refunded or exchanged order that was dispatched still counts as shipped (§4)', () => {
    expect(returnRefusal({ status: 'paid', history: ['to_be_paid', 'paid'], dispatchedAt: null, windowDays: 30 }, dispatched)).toBe(returnMessages.notDispatched);
    expect(returnRefusal({ ...shipped, status: 'bespoke_shipped', history: ['quote', 'bespoke_shipped'] }, dispatched)).toBe(returnMessages.bespoke);
    expect(returnRefusal({ ...shipped, status: 'refunded', history: [...shipped.history, 'refunded'] }, dispatched)).toBeNull();
  });

  it('counts faulty, wrong and never-arrived as the store’s fault (the only reasons for custom items)', () => {
    expect(FAULT_REASONS).toEqual(['faulty', 'wrong_item', 'failed_to_arrive']);
    expect(isFaultReason('failed_to_arrive')).toBe(true);
    expect(isFaultReason('too_small')).toBe(false);
  });
});
