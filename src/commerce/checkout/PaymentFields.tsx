import type { PaymentInput } from './checkoutApi';
import { CARD_LABELS, checkoutFieldId, type CardState } from './checkoutFields';

export type { CardState };

export const TEST_WALLET_TOKEN = 'test-wallet-ok';

/** "Test mode" notice: the built-in test processor moves no money and honours these numbers. */
export function TestModeNotice() {
  return (
    <div className="checkout-notice" role="note" aria-label="Test mode">
      <strong>Test mode</strong> — no money is taken. Use card <code>4242 4242 4242 4242</code> to pay, <code>4000 0000 0000 0002</code> for a
      declined card, <code>4000 0000 0000 9995</code> for insufficient funds; any future expiry (e.g. 12/34) and any 3-digit CVC.
    </div>
  );
}

const groups = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Card number, expiry and CVC for the test processor (the Stripe Payment Element replaces these when configured). */
export function CardFields({ card, onChange, errors }: { card: CardState; onChange: (card: CardState) => void; errors: Record<string, string[]> }) {
  const field = (name: keyof CardState, props: Record<string, string>) => {
    const error = errors[`card.${name}`]?.[0];
    const id = checkoutFieldId(`card.${name}`);
    return (
      <label className="checkout-field" htmlFor={id}>
        <span>{CARD_LABELS[name]}</span>
        <input
          id={id}
          value={card[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange({ ...card, [name]: name === 'number' ? groups(e.target.value) : e.target.value })}
          {...props}
        />
        {error && (
          <span className="checkout-field__error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </label>
    );
  };
  return (
    <div className="checkout-card">
      {field('number', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' })}
      <div className="checkout-row">
        {field('expiry', { autoComplete: 'cc-exp', placeholder: 'MM/YY', inputMode: 'numeric' })}
        {field('cvc', { autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: '123' })}
      </div>
    </div>
  );
}

export const cardPayment = (card: CardState): PaymentInput => ({ method: 'card', card: { number: card.number, expiry: card.expiry, cvc: card.cvc } });
export const walletPayment = (token = TEST_WALLET_TOKEN): PaymentInput => ({ method: 'wallet', walletToken: token });
