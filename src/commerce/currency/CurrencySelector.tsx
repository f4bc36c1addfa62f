import { useCurrency } from '../../app/currency';
import './currency.css';

/** §2.4 currency drop-down: shown when the currency plugin is on; the choice is kept in the cookie "currency". */
export function CurrencySelector() {
  const { enabled, code, currencies, setCurrency } = useCurrency();
  if (!enabled) return null;
  return (
    <label className="header__currency">
      <span className="visually-hidden">Currency</span>
      <select value={code} onChange={(e) => setCurrency(e.target.value)} aria-label="Currency">
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}
