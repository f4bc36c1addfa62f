import type { ReactNode } from 'react';
import { COUNTRIES } from '../checkout/AddressFields';
import { checkoutFieldId } from '../checkout/checkoutFields';
import { PACKAGING_OPTIONS, PRINT_POSITIONS, QUOTE_SIZES, lineQuantity, type QuoteContact, type QuoteProductRequest, type QuoteRequest } from '../../core/quotes';

export type Errors = Record<string, string[]>;

/** Labels of the request's fields, for the error summary. */
export function quoteFieldLabel(key: string): string {
  const named: Record<string, string> = {
    'contact.name': 'Your name',
    'contact.email': 'Email address',
    'contact.phone': 'Phone number',
    'contact.company': 'Company',
    deadline: 'Deadline',
    country: 'Delivery country',
    deliveries: 'Split deliveries',
    comment: 'What should we change?',
    '/file': 'Artwork',
  };
  if (named[key]) return named[key];
  const product = /^products\.(\d+)\.(\w+)/.exec(key);
  if (product) return `Product ${Number(product[1]) + 1}: ${{ product: 'product', sizes: 'quantities', positions: 'print positions', colour: 'colour' }[product[2]!] ?? product[2]}`;
  const delivery = /^deliveries\.(\d+)\.(\w+)/.exec(key);
  if (delivery) return `Delivery ${Number(delivery[1]) + 1}: ${delivery[2]}`;
  return key;
}

/** One box naming every field to fix, each a link to the field. */
export function QuoteErrors({ errors }: { errors: Errors }) {
  const entries = Object.entries(errors).filter(([, m]) => m.length > 0);
  if (entries.length === 0) return null;
  return (
    <div className="checkout-errors" role="alert">
      <h2>{entries.length === 1 ? 'Please check this field' : `Please check these ${entries.length} fields`}</h2>
      <ul>
        {entries.map(([key, messages]) => (
          <li key={key}>
            <a href={`#${checkoutFieldId(key)}`}>
              {quoteFieldLabel(key)}: {messages[0]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const fieldError = (errors: Errors, key: string) => errors[key]?.[0] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1]?.[0];

export function Field({ name, label, errors, optional, children }: { name: string; label: string; errors: Errors; optional?: boolean; children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const id = checkoutFieldId(name);
  const error = fieldError(errors, name);
  // The message sits outside the label: the field's name stays its label, the message is its description.
  return (
    <div className="checkout-field">
      <label htmlFor={id}>
        <span>
          {label}
          {optional && <small> (optional)</small>}
        </span>
      </label>
      {children({ id, 'aria-invalid': !!error, ...(error ? { 'aria-describedby': `${id}-error` } : {}) })}
      {error && (
        <span className="checkout-field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export function ContactFields({ value, onChange, errors }: { value: QuoteContact; onChange: (c: QuoteContact) => void; errors: Errors }) {
  const input = (key: keyof QuoteContact, label: string, type: string, autoComplete: string, optional = false) => (
    <Field name={`contact.${key}`} label={label} errors={errors} optional={optional}>
      {(p) => <input {...p} type={type} autoComplete={autoComplete} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />}
    </Field>
  );
  return (
    <fieldset className="quote-fieldset">
      <legend>Your details</legend>
      <div className="checkout-row">
        {input('name', 'Your name', 'text', 'name')}
        {input('email', 'Email address', 'email', 'email')}
      </div>
      <div className="checkout-row">
        {input('phone', 'Phone number', 'tel', 'tel', true)}
        {input('company', 'Company', 'text', 'organization', true)}
      </div>
    </fieldset>
  );
}

/** A requested product: what, which colour, how many of each size, and where it is printed. */
export function ProductFields({ index, value, onChange, errors, onRemove, artwork }: { index: number; value: QuoteProductRequest; onChange: (p: QuoteProductRequest) => void; errors: Errors; onRemove?: () => void; artwork?: ReactNode }) {
  const key = `products.${index}`;
  const sizesError = fieldError(errors, `${key}.sizes`);
  const positionsError = errors[`${key}.positions`]?.[0];
  return (
    <fieldset className="quote-fieldset quote-product">
      <legend>Product {index + 1}</legend>
      <div className="checkout-row">
        <Field name={`${key}.product`} label="Product" errors={errors}>
          {(p) => <input {...p} type="text" placeholder="e.g. Organic hoodie" value={value.product} onChange={(e) => onChange({ ...value, product: e.target.value })} />}
        </Field>
        <Field name={`${key}.colour`} label="Colour" errors={errors} optional>
          {(p) => <input {...p} type="text" value={value.colour} onChange={(e) => onChange({ ...value, colour: e.target.value })} />}
        </Field>
      </div>
      <div className="quote-sizes" role="group" aria-labelledby={`${checkoutFieldId(key)}-sizes`} id={checkoutFieldId(`${key}.sizes`)} tabIndex={-1}>
        <span className="quote-sizes__title" id={`${checkoutFieldId(key)}-sizes`}>
          Quantity per size <small>(total {lineQuantity(value)})</small>
        </span>
        <div className="quote-sizes__grid">
          {QUOTE_SIZES.map((size) => (
            <label key={size} className="quote-size">
              <span>{size}</span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                aria-label={`${size} quantity`}
                aria-invalid={!!errors[`${key}.sizes.${size}`]}
                value={value.sizes[size] ?? ''}
                onChange={(e) => {
                  const n = e.target.value === '' ? 0 : Math.trunc(Number(e.target.value));
                  const sizes = { ...value.sizes, [size]: Number.isFinite(n) ? n : 0 };
                  if (!sizes[size]) delete sizes[size];
                  onChange({ ...value, sizes });
                }}
              />
            </label>
          ))}
        </div>
        {sizesError && <span className="checkout-field__error">{sizesError}</span>}
      </div>
      <div className="quote-positions" role="group" aria-label="Print positions" id={checkoutFieldId(`${key}.positions`)} tabIndex={-1}>
        <span className="quote-sizes__title">Print positions</span>
        <div className="quote-positions__list">
          {PRINT_POSITIONS.map((pos) => (
            <label key={pos} className="checkout-choice quote-choice">
              <input
                type="checkbox"
                checked={value.positions.includes(pos)}
                onChange={(e) => onChange({ ...value, positions: e.target.checked ? [...value.positions, pos] : value.positions.filter((p) => p !== pos) })}
              />
              <span>{pos.charAt(0).toUpperCase() + pos.slice(1)}</span>
            </label>
          ))}
        </div>
        {positionsError && <span className="checkout-field__error">{positionsError}</span>}
      </div>
      {artwork}
      {onRemove && (
        <button type="button" className="shop-button shop-button--secondary quote-remove" onClick={onRemove}>
          Remove product {index + 1}
        </button>
      )}
    </fieldset>
  );
}

export function CountrySelect({ name, label, value, onChange, errors }: { name: string; label: string; value: string; onChange: (v: string) => void; errors: Errors }) {
  return (
    <Field name={name} label={label} errors={errors}>
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          {COUNTRIES.map(([code, country]) => (
            <option key={code} value={code}>
              {country}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Deadline, delivery country, terms and notes: the fields both quote forms share. */
export function DeliveryFields({ value, onChange, errors, advanced }: { value: QuoteRequest; onChange: (r: QuoteRequest) => void; errors: Errors; advanced?: boolean }) {
  return (
    <fieldset className="quote-fieldset">
      <legend>Delivery</legend>
      <div className="checkout-row">
        <Field name="deadline" label="Deadline" errors={errors} optional>
          {(p) => <input {...p} type="date" value={value.deadline ?? ''} onChange={(e) => onChange({ ...value, deadline: e.target.value || null })} />}
        </Field>
        <CountrySelect name="country" label="Delivery country" value={value.country} onChange={(country) => onChange({ ...value, country })} errors={errors} />
      </div>
      {advanced && (
        <Field name="packaging" label="Packaging" errors={errors}>
          {(p) => (
            <select {...p} value={value.packaging} onChange={(e) => onChange({ ...value, packaging: e.target.value as QuoteRequest['packaging'] })}>
              {PACKAGING_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field name="notes" label="Anything else we should know?" errors={errors} optional>
        {(p) => <textarea {...p} className="quote-textarea" rows={3} value={value.notes} onChange={(e) => onChange({ ...value, notes: e.target.value })} />}
      </Field>
      <label className="checkout-choice">
        <input type="checkbox" checked={value.requestTerms} onChange={(e) => onChange({ ...value, requestTerms: e.target.checked })} />
        <span>
          I would like to pay on account (terms)
          <small>We check and authorise terms before production; otherwise you pay when you approve the proposal.</small>
        </span>
      </label>
    </fieldset>
  );
}
