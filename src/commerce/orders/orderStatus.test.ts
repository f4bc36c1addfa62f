import { describe, expect, it } from 'vitest';
import { canTransition, NORMAL_PROGRESS_GROUPS, ORDER_STATUS_LABELS, ORDER_STATUSES, ORDER_TRANSITIONS, orderProgress } from './orderStatus';

describe('order progress (§4 Normal groups)', () => {
  it('is the group index from 1 over (group count − 1) × 100, clamped at 100', () => {
    expect(NORMAL_PROGRESS_GROUPS).toHaveLength(6);
    expect(orderProgress('new')).toBe(20);
    expect(orderProgress('to_be_paid')).toBe(20);
    expect(orderProgress('paid')).toBe(40);
    expect(orderProgress('processing')).toBe(60);
    expect(orderProgress('label_printed')).toBe(60);
    expect(orderProgress('printed')).toBe(60);
    expect(orderProgress('consolidated')).toBe(80);
    expect(orderProgress('packing')).toBe(80);
    expect(orderProgress('disputed')).toBe(100);
    expect(orderProgress('issue')).toBe(100);
    expect(orderProgress('complete')).toBe(100);
    expect(orderProgress('refunded')).toBe(100);
  });

  it('is 0 outside the groups', () => {
    expect(orderProgress('payment_failed')).toBe(0);
    expect(orderProgress('cancelled')).toBe(0);
    expect(orderProgress('nonsense')).toBe(0);
  });
});

describe('order transitions', () => {
  it('allows the normal path and refuses skipping or leaving a terminal state', () => {
    const path = ['to_be_paid', 'paid', 'processing', 'label_printed', 'printed', 'packing', 'complete'];
    expect(canTransition(null, 'to_be_paid')).toBe(true);
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
    expect(canTransition(null, 'paid')).toBe(false);
    expect(canTransition('to_be_paid', 'complete')).toBe(false);
    expect(canTransition('paid', 'to_be_paid')).toBe(false);
    expect(canTransition('refunded', 'paid')).toBe(false);
    expect(canTransition('payment_failed', 'paid')).toBe(false);
    expect(canTransition('paid', 'bogus')).toBe(false);
  });

  it('expiry: to_be_paid → expired; an expired order only leaves by a late payment (paid, or refund_due → refunded)', () => {
    expect(canTransition('to_be_paid', 'expired')).toBe(true);
    expect(canTransition('paid', 'expired')).toBe(false);
    expect(canTransition('payment_failed', 'expired')).toBe(false);
    expect(ORDER_TRANSITIONS.expired).toEqual(['paid', 'refund_due']);
    expect(ORDER_TRANSITIONS.refund_due).toEqual(['refunded']);
    expect(canTransition('expired', 'to_be_paid')).toBe(false);
    expect(orderProgress('expired')).toBe(0);
    expect(orderProgress('refund_due')).toBe(0);
    expect([ORDER_STATUS_LABELS.expired, ORDER_STATUS_LABELS.refund_due]).toEqual(['Expired', 'Refund due']);
  });

  it('only names known statuses', () => {
    for (const targets of Object.values(ORDER_TRANSITIONS)) for (const to of targets) expect(ORDER_STATUSES).toContain(to);
  });
});
