import { useEffect, useRef, useState } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';

/** §8 card-provider script messages. */
export const STRIPE_MESSAGES = { loadFailed: 'Failed to load Stripe.js', unavailable: 'Stripe.js not available' } as const;

/**
 * The Stripe Payment Element (only when Stripe is configured; this chunk and Stripe.js load on checkout only).
 * Card details go from this element straight to Stripe — never to our server. Confirming sends the shopper to
 * the receipt, where the webhook will have marked the order paid.
 */
export function StripePayment({ publishableKey, clientSecret, returnUrl }: { publishableKey: string; clientSecret: string; returnUrl: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then(
        (instance) => {
          if (cancelled) return;
          if (!instance) return setError(STRIPE_MESSAGES.unavailable);
          const els = instance.elements({ clientSecret });
          els.create('payment').mount(mount.current!);
          setStripe(instance);
          setElements(els);
        },
        () => !cancelled && setError(STRIPE_MESSAGES.loadFailed),
      );
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret]);

  const confirm = async () => {
    if (!stripe || !elements) return setError(STRIPE_MESSAGES.unavailable);
    setBusy(true);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    // Only reached on an immediate error (otherwise Stripe redirects to return_url).
    setBusy(false);
    if (result.error) setError(result.error.message ?? STRIPE_MESSAGES.unavailable);
  };

  return (
    <div className="checkout-stripe">
      <div ref={mount} />
      {error && (
        <p className="checkout-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="shop-button checkout-place" disabled={busy || !elements} onClick={() => void confirm()}>
        {busy ? 'Paying…' : 'Pay now'}
      </button>
    </div>
  );
}
