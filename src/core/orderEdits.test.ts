import { describe, expect, it } from 'vitest';
import { addressMessages, addressRefusal, editMessages, editRefusal } from './orderEdits';

describe('order edit windows', () => {
  it('items change only while paid and off the floor', () => {
    expect(editRefusal('paid', false)).toBeNull();
    expect(editRefusal('paid', true)).toBe(editMessages.productionStarted);
    expect(editRefusal('label_printed', true)).toBe(editMessages.productionStarted);
    expect(editRefusal('complete', true)).toBe(editMessages.productionStarted);
    expect(editRefusal('to_be_paid', false)).toBe(editMessages.notPaid);
    expect(editRefusal('refunded', false)).toBe(editMessages.closed);
  });

  it('the address changes until dispatch (§4 shipped: ever complete)', () => {
    for (const status of ['to_be_paid', 'paid', 'label_printed', 'packing', 'issue']) expect(addressRefusal(status)).toBeNull();
    expect(addressRefusal('complete')).toBe(addressMessages.dispatched);
    // Disputed after it was delivered: it has shipped already.
    expect(addressRefusal('disputed', ['paid', 'packing', 'complete', 'disputed'])).toBe(addressMessages.dispatched);
    expect(addressRefusal('disputed', ['paid', 'disputed'])).toBeNull();
    expect(addressRefusal('expired')).toBe(addressMessages.closed);
  });
});
