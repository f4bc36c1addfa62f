import type { Address } from '../../core/api/orders';
import { ADDRESS_LABELS, checkoutFieldId } from './checkoutFields';

/** Countries offered (ISO 3166-1 alpha-2); GB ships domestically, the rest internationally. */
export const COUNTRIES: [string, string][] = [
  ['GB', 'United Kingdom'], ['IE', 'Ireland'], ['FR', 'France'], ['DE', 'Germany'], ['NL', 'Netherlands'], ['BE', 'Belgium'], ['ES', 'Spain'],
  ['IT', 'Italy'], ['PT', 'Portugal'], ['AT', 'Austria'], ['DK', 'Denmark'], ['SE', 'Sweden'], ['NO', 'Norway'], ['FI', 'Finland'],
  ['PL', 'Poland'], ['CZ', 'Czechia'], ['CH', 'Switzerland'], ['US', 'United States'], ['CA', 'Canada'], ['AU', 'Australia'],
  ['NZ', 'New Zealand'], ['JP', 'Japan'],
];

export const EMPTY_ADDRESS: Address = { firstName: '', lastName: '', company: '', street: '', city: '', state: '', zip: '', country: 'GB', eori: '' };

/** §3 address fields; `withEori` adds the EORI number (shipping outside the UK). Errors are keyed `${prefix}.${field}`. */
export function AddressFields({
  legend,
  prefix,
  value,
  onChange,
  errors,
  withEori,
}: {
  legend: string;
  prefix: string;
  value: Address;
  onChange: (address: Address) => void;
  errors: Record<string, string[]>;
  withEori?: boolean;
}) {
  const field = (name: keyof typeof ADDRESS_LABELS, autoComplete: string, optional = false) => {
    const error = errors[`${prefix}.${name}`]?.[0];
    const id = checkoutFieldId(`${prefix}.${name}`);
    const label = ADDRESS_LABELS[name];
    return (
      <label className="checkout-field" htmlFor={id}>
        <span>
          {label}
          {optional && <small> (optional)</small>}
        </span>
        <input
          id={id}
          value={value[name] ?? ''}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange({ ...value, [name]: e.target.value })}
        />
        {error && (
          <span className="checkout-field__error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </label>
    );
  };
  const section = prefix.startsWith('billing') ? 'billing' : 'shipping';
  return (
    <fieldset className="checkout-fieldset">
      <legend>{legend}</legend>
      <div className="checkout-row">
        {field('firstName', `${section} given-name`)}
        {field('lastName', `${section} family-name`)}
      </div>
      {field('company', `${section} organization`, true)}
      {field('street', `${section} street-address`)}
      <div className="checkout-row">
        {field('city', `${section} address-level2`)}
        {field('state', `${section} address-level1`, true)}
      </div>
      <div className="checkout-row">
        {field('zip', `${section} postal-code`)}
        <label className="checkout-field" htmlFor={checkoutFieldId(`${prefix}.country`)}>
          <span>{ADDRESS_LABELS.country}</span>
          <select id={checkoutFieldId(`${prefix}.country`)} value={value.country} autoComplete={`${section} country`} onChange={(e) => onChange({ ...value, country: e.target.value })}>
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {withEori && value.country !== 'GB' && field('eori', 'off', true)}
    </fieldset>
  );
}
