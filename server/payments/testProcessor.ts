import { createHash } from 'node:crypto';
import { paymentMessages, type CardInput, type ChargeRequest, type ChargeResult, type PaymentInput, type PaymentProcessor } from './types';

/**
 * The built-in TEST processor (§3 Payment processor state: first-party, the default when no processor keys are
 * set). It moves no money. Card details are posted to our server ONLY because this is the test processor: the
 * Stripe adapter never sends card data to our server (the Payment Element talks to Stripe directly).
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const TEST_WALLET_TOKEN = 'test-wallet-ok';

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** Luhn check: the test numbers above pass it, typos mostly do not. */
export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field errors of a card's format; `now` decides whether the expiry has passed. */
export function validateCard(card: CardInput | undefined, now = new Date()): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const number = digits(card?.number ?? '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) errors['card.number'] = [paymentMessages.invalidNumber];
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card?.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors['card.expiry'] = [paymentMessages.invalidExpiry];
  else {
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // Valid through the last day of the expiry month.
    if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) errors['card.expiry'] = [paymentMessages.expired];
  }
  if (!/^\d{3,4}$/.test((card?.cvc ?? '').trim())) errors['card.cvc'] = [paymentMessages.invalidCvc];
  return Object.keys(errors).length ? errors : null;
}

/** What the test processor answers for a (well-formed) card number. */
export function testCardOutcome(number: string): { ok: boolean; message: string } {
  switch (digits(number)) {
    case TEST_CARDS.success:
      return { ok: true, message: paymentMessages.succeeded };
    case TEST_CARDS.insufficientFunds:
      return { ok: false, message: paymentMessages.insufficientFunds };
    default:
      // 4000 0000 0000 0002 and every other number.
      return { ok: false, message: paymentMessages.declined };
  }
}

const brandOf = (number: string) => (/^4/.test(number) ? 'Visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'Mastercard' : /^3[47]/.test(number) ? 'Amex' : 'Card');

export function createTestProcessor(options: { now?: () => Date } = {}): PaymentProcessor {
  const now = options.now ?? (() => new Date());
  return {
    name: 'test',
    methodName(payment: PaymentInput) {
      if (payment.method === 'wallet') return 'Test wallet';
      const number = digits(payment.card?.number ?? '');
      return `${brandOf(number)} •••• ${number.slice(-4)}`;
    },
    validate(payment) {
      if (payment.method === 'card') return validateCard(payment.card, now());
      return typeof payment.walletToken === 'string' && payment.walletToken.length > 0 && payment.walletToken.length <= 200
        ? null
        : { walletToken: [paymentMessages.walletDeclined] };
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      // A deterministic reference per idempotency key: the same attempt is the same test charge.
      const reference = `test_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      if (request.payment.method === 'wallet') {
        return request.payment.walletToken === TEST_WALLET_TOKEN
          ? { outcome: 'succeeded', reference, message: paymentMessages.succeeded }
          : { outcome: 'failed', reference, message: paymentMessages.walletDeclined };
      }
      const result = testCardOutcome(request.payment.card?.number ?? '');
      return result.ok ? { outcome: 'succeeded', reference, message: result.message } : { outcome: 'failed', reference, message: result.message };
    },
    // No money moved, so a refund always succeeds; the reference is derived from the idempotency key like a charge's.
    async refund(request) {
      return { ok: true, reference: `test_re_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`, message: paymentMessages.refunded };
    },
  };
}
