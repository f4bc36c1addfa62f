import type { PaymentInput, PaymentProcessor } from './types';
import { createTestProcessor } from './testProcessor';
import { createStripeProcessor, stripeConfigFrom, type StripeConfig } from './stripe';
import { createPayPalClient, createPayPalProcessor, paypalConfigFrom, type PayPalClient } from './paypal';

/**
 * Which processor takes which payment method (§3 Payment processor state, §6 payment accounts): cards go to
 * Stripe when its keys are set, else the built-in test processor; wallets go to PayPal when its keys are set,
 * else the test processor.
 */
export interface Payments {
  card: PaymentProcessor;
  wallet: PaymentProcessor;
  stripe: StripeConfig | null;
  paypal: PayPalClient | null;
  /** What the browser may know (never a secret). */
  publicConfig: PublicPaymentConfig;
}

export interface PublicPaymentConfig {
  card: 'test' | 'stripe';
  wallet: 'test' | 'paypal';
  stripePublishableKey: string | null;
  paypalClientId: string | null;
}

export function paymentsFrom(env: NodeJS.ProcessEnv = process.env): Payments {
  const test = createTestProcessor();
  const stripe = stripeConfigFrom(env);
  const paypalConfig = paypalConfigFrom(env);
  const paypal = paypalConfig ? createPayPalClient(paypalConfig) : null;
  return {
    card: stripe ? createStripeProcessor(stripe) : test,
    wallet: paypal ? createPayPalProcessor(paypal) : test,
    stripe,
    paypal,
    publicConfig: {
      card: stripe ? 'stripe' : 'test',
      wallet: paypal ? 'paypal' : 'test',
      stripePublishableKey: stripe?.publishableKey ?? null,
      paypalClientId: paypalConfig?.clientId ?? null,
    },
  };
}

export const processorFor = (payments: Pick<Payments, 'card' | 'wallet'>, payment: PaymentInput) => (payment.method === 'wallet' ? payments.wallet : payments.card);

export * from './types';
