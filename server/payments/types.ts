/**
 * The payment processor interface (§3 Payment processor state, §6 payment accounts). Checkout and the pay page
 * talk to a processor only through this; the built-in test processor, Stripe and PayPal implement it.
 */

import type { PaymentInput } from '../../src/core/api/payments';

export type { CardInput, PaymentInput } from '../../src/core/api/payments';

export interface ChargeRequest {
  amount: number;
  currency: string;
  /** Passed to the processor so a retry can never charge twice. */
  idempotencyKey: string;
  orderHash: string;
  orderId: number;
  email: string;
  description: string;
  payment: PaymentInput;
  /** Our pay page for the order, where a redirecting processor (PayPal) sends the shopper after approving… */
  returnUrl?: string;
  /** …or after cancelling on its side. */
  cancelUrl?: string;
}

export type ChargeResult =
  | { outcome: 'succeeded'; reference: string; message: string }
  | { outcome: 'failed'; reference: string | null; message: string }
  /** The shopper finishes on the processor's side (Stripe Payment Element, PayPal approval); a webhook or capture completes it. */
  | { outcome: 'pending'; reference: string; message: string; clientSecret?: string; approveUrl?: string };

export interface PaymentProcessor {
  /** Stored on orders and payment attempts: "test", "stripe", "paypal". */
  readonly name: string;
  /** The §3 paymentMethodName recorded on the attempt ("Visa •••• 4242", "Test wallet", "PayPal"). */
  methodName(payment: PaymentInput): string;
  /** Format errors by field (card.number, card.expiry, card.cvc, walletToken); null when the input is fine. */
  validate(payment: PaymentInput): Record<string, string[]> | null;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** For a pending charge being asked for again (an idempotent replay): what the client needs to carry on. */
  resume?(reference: string): Promise<{ clientSecret?: string; approveUrl?: string }>;
  /**
   * Withdraws a pending payment nobody waits for any more (its order expired), so a shopper who comes back late
   * cannot be charged for it. Processors where no money moves without our capture (PayPal) need none.
   */
  cancel?(reference: string): Promise<void>;
  /**
   * Gives money back on a succeeded charge (all of it or part): staff refunds from atlas, and checkout's
   * compensation when the order could not be recorded after the money was taken. The idempotency key makes a
   * retried refund the same refund. Processors without it cannot refund from atlas (staff refund on the
   * processor's own site); PayPal's charge never takes money by itself (only the capture after approval does).
   */
  refund?(request: RefundRequest): Promise<RefundResult>;
}

export interface RefundRequest {
  /** The charge's reference (payment_reference of the order). */
  reference: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
  reason: string;
}

export type RefundResult = { ok: true; reference: string; message: string } | { ok: false; reference: string | null; message: string };

export const paymentMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  invalidExpiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  walletDeclined: 'Your wallet payment was declined.',
  succeeded: 'Payment successful',
  pending: 'Waiting for the payment to be confirmed',
  processorUnavailable: 'The payment could not be taken. Please try again.',
  stripeLoadFailed: 'Failed to load Stripe.js',
  stripeUnavailable: 'Stripe.js not available',
  refunded: 'Refund successful',
} as const;
