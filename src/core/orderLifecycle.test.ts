import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  BESPOKE_PROGRESS_GROUPS,
  canTransition,
  CLOSED_STATUSES,
  FAILED_TO_ARRIVE,
  isBespoke,
  isExchange,
  isResent,
  isShipped,
  NORMAL_PROGRESS_GROUPS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderProgress,
  PAPER_PROGRESS_GROUPS,
  progressKind,
  PROGRESS_STEPS,
} from './orderLifecycle';

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

describe('the three §4 group sets', () => {
  it('bespoke: nine groups, quote at 12.5 % and shipped at 100 %', () => {
    expect(BESPOKE_PROGRESS_GROUPS).toHaveLength(9);
    expect(orderProgress('quote', 'bespoke')).toBe(12.5);
    expect(orderProgress('bespoke_mockup', 'bespoke')).toBe(37.5);
    expect(orderProgress('bespoke_packing', 'bespoke')).toBe(100);
    expect(orderProgress('bespoke_shipped', 'bespoke')).toBe(100);
    expect(PROGRESS_STEPS.bespoke).toHaveLength(9);
  });

  it('paper (newport): new and paid share the first group; printed is the third', () => {
    expect(PAPER_PROGRESS_GROUPS).toHaveLength(6);
    expect(orderProgress('paid', 'paper')).toBe(20);
    expect(orderProgress('processing', 'paper')).toBe(40);
    expect(orderProgress('printed', 'paper')).toBe(60);
    expect(orderProgress('packing', 'paper')).toBe(80);
    expect(orderProgress('complete', 'paper')).toBe(100);
  });

  it('picks the set: bespoke if ever in quote, paper at newport, else normal', () => {
    expect(progressKind({ status: 'paid' })).toBe('normal');
    expect(progressKind({ status: 'paid', fulfilmentFactory: 'newport' })).toBe('paper');
    expect(progressKind({ status: 'bespoke_printing', fulfilmentFactory: 'newport' })).toBe('bespoke');
    expect(progressKind({ status: 'cancelled', history: ['quote', 'cancelled'] })).toBe('bespoke');
    expect(isBespoke({ status: 'paid', history: ['new', 'paid'] })).toBe(false);
  });

  it('every status of every group is in the transitions table, and every table status is grouped or closed', () => {
    const grouped = new Set([...NORMAL_PROGRESS_GROUPS.flat(), ...BESPOKE_PROGRESS_GROUPS.flat(), ...PAPER_PROGRESS_GROUPS.flat()] as string[]);
    for (const s of grouped) expect(ORDER_STATUSES).toContain(s);
    for (const s of ORDER_STATUSES) expect(grouped.has(s) || (CLOSED_STATUSES as readonly string[]).includes(s)).toBe(true);
    expect(canTransition(null, 'quote')).toBe(true);
    expect(canTransition('quote', 'paid')).toBe(false);
    expect(allowedTransitions('bespoke_refunded')).toEqual([]);
  });
});

describe('§4 rules', () => {
  it('shipped if ever in complete or bespoke_shipped', () => {
    expect(isShipped({ status: 'refunded', history: ['paid', 'complete', 'refunded'] })).toBe(true);
    expect(isShipped({ status: 'bespoke_refunded', history: ['bespoke_shipped'] })).toBe(true);
    expect(isShipped({ status: 'refunded', history: ['paid', 'refunded'] })).toBe(false);
  });

  it('exchanges are child orders with no reprint reason that were not refunded; resent when the parent item failed to arrive', () => {
    const child = { parentOrderId: 7, reprintReasonId: null, status: 'paid', parentItemReturnReasons: [] as string[] };
    expect(isExchange(child)).toBe(true);
    expect(isExchange({ ...child, reprintReasonId: 2 })).toBe(false);
    expect(isExchange({ ...child, status: 'refunded' })).toBe(false);
    expect(isExchange({ ...child, parentOrderId: null })).toBe(false);
    expect(isResent(child)).toBe(false);
    expect(isResent({ ...child, parentItemReturnReasons: ['wrong_size', FAILED_TO_ARRIVE] })).toBe(true);
    expect(isResent({ ...child, reprintReasonId: 1, parentItemReturnReasons: [FAILED_TO_ARRIVE] })).toBe(false);
  });
});
