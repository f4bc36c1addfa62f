import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api';
import { formatMoney } from '../core/currency';
import { errorText } from '../auth/form/serverErrors';
import { ApiError } from '../lib/api';
import { useEditorDivision } from '../editor/pages/storeChoice';
import type { ShippingSettingsView, ShippingZoneInput } from '../core/api/shipping';
import './fields.css';
import './shipping.css';

/** A zone as the form edits it: amounts as typed (pounds), countries as one comma-separated line. */
interface ZoneDraft {
  key: number;
  name: string;
  countries: string;
  freeOver: string;
  rates: { key: number; method: string; price: string }[];
}

let nextKey = 1;
const pounds = (minor: number) => (minor / 100).toFixed(2);
const toDraft = (z: ShippingZoneInput): ZoneDraft => ({
  key: nextKey++,
  name: z.name,
  countries: z.countries.join(', '),
  freeOver: z.freeOver === null ? '' : pounds(z.freeOver),
  rates: z.rates.map((r) => ({ key: nextKey++, method: r.method, price: pounds(r.price) })),
});
/** Typed pounds to minor units; NaN (refused by the server with the field's message) when not a number. */
const minor = (text: string) => (/^\s*\d+(\.\d{1,2})?\s*$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN);
const fromDraft = (z: ZoneDraft): ShippingZoneInput => ({
  name: z.name,
  countries: z.countries
    .split(/[\s,]+/)
    .map((c) => c.trim())
    .filter(Boolean),
  freeOver: z.freeOver.trim() === '' ? null : minor(z.freeOver),
  rates: z.rates.map((r) => ({ method: r.method, price: minor(r.price) })),
});

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; view: ShippingSettingsView };

/**
 * /dashboard/shipping/: the owner's shipping zones — which countries each covers, the methods it offers at what
 * price, and the goods total from which its standard (first) method is free. Checkout prices from these.
 */
export function ShippingScreen() {
  const choice = useEditorDivision();
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [zones, setZones] = useState<ZoneDraft[]>([]);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string; errors?: Record<string, string[]> } | null>(null);

  useEffect(() => {
    if (divisionId === null) return;
    const controller = new AbortController();
    api<ShippingSettingsView>(`/omnis/v3/divisions/${divisionId}/shipping/`, { signal: controller.signal }).then(
      (view) => {
        setLoad({ status: 'ready', view });
        setZones(view.zones.map(toDraft));
      },
      (error: unknown) => !controller.signal.aborted && setLoad({ status: 'failed', message: errorText(error) }),
    );
    return () => controller.abort();
  }, [divisionId]);

  const update = (key: number, change: Partial<ZoneDraft>) => setZones((all) => all.map((z) => (z.key === key ? { ...z, ...change } : z)));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (divisionId === null || saving) return;
    setSaving(true);
    setResult(null);
    try {
      const view = await api<ShippingSettingsView>(`/omnis/v3/divisions/${divisionId}/shipping/`, { method: 'PUT', body: { zones: zones.map(fromDraft) } });
      setLoad({ status: 'ready', view });
      setZones(view.zones.map(toDraft));
      setResult({ ok: true, message: 'Shipping saved. Checkout uses it from now on.' });
    } catch (error) {
      setResult({ ok: false, message: errorText(error), errors: error instanceof ApiError ? error.errors : undefined });
    } finally {
      setSaving(false);
    }
  };
  const fieldError = (path: string) => result?.errors?.[path]?.[0];

  return (
    <div className="shipping-settings dash-fields">
      <p>
        <Link to="/dashboard/">← Dashboard</Link>
      </p>
      <h1>Shipping</h1>
      <p className="shipping-settings__lead">
        Group countries into zones. Each zone offers shipping methods at your prices; its first method becomes free once the goods in a basket reach the zone&apos;s free-delivery amount.
      </p>
      {choice.status === 'none' && <p>You have no store yet.</p>}
      {choice.status !== 'none' && load.status === 'loading' && (
        <p role="status">
          <span className="pod-spinner" aria-hidden="true" /> Loading shipping…
        </p>
      )}
      {load.status === 'failed' && <p role="alert">{load.message}</p>}
      {load.status === 'ready' && (
        <form onSubmit={(e) => void save(e)} noValidate>
          {load.view.defaults && <p className="shipping-settings__note">Your store uses the standard zones below until you save your own.</p>}
          {zones.length === 0 && <p className="shipping-settings__note">No zones: shoppers cannot check out until you add one.</p>}
          {zones.map((z, i) => (
            <fieldset key={z.key} className="shipping-zone">
              <legend>{z.name.trim() || `Zone ${i + 1}`}</legend>
              <label className="shipping-field">
                <span>Zone name</span>
                <input value={z.name} onChange={(e) => update(z.key, { name: e.target.value })} aria-invalid={!!fieldError(`zones.${i}.name`)} />
                {fieldError(`zones.${i}.name`) && <small className="shipping-field__error">{fieldError(`zones.${i}.name`)}</small>}
              </label>
              <label className="shipping-field">
                <span>Countries (two-letter codes, e.g. GB, IE; empty for the rest of the world)</span>
                <input value={z.countries} onChange={(e) => update(z.key, { countries: e.target.value })} aria-invalid={!!fieldError(`zones.${i}.countries`)} />
                {fieldError(`zones.${i}.countries`) && <small className="shipping-field__error">{fieldError(`zones.${i}.countries`)}</small>}
              </label>
              <label className="shipping-field">
                <span>Free standard delivery from (£, empty for never)</span>
                <input inputMode="decimal" value={z.freeOver} onChange={(e) => update(z.key, { freeOver: e.target.value })} aria-invalid={!!fieldError(`zones.${i}.freeOver`)} />
                {fieldError(`zones.${i}.freeOver`) && <small className="shipping-field__error">{fieldError(`zones.${i}.freeOver`)}</small>}
              </label>
              <table className="shipping-rates">
                <caption>Methods offered in {z.name.trim() || `zone ${i + 1}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Method</th>
                    <th scope="col">Price (£)</th>
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {z.rates.map((r, j) => (
                    <tr key={r.key}>
                      <td>
                        <select
                          aria-label={`Method ${j + 1} of ${z.name || `zone ${i + 1}`}`}
                          value={r.method}
                          onChange={(e) => update(z.key, { rates: z.rates.map((x) => (x.key === r.key ? { ...x, method: e.target.value } : x)) })}
                        >
                          {load.view.methods.map((m) => (
                            <option key={m.code} value={m.code}>
                              {m.name}
                            </option>
                          ))}
                        </select>
                        {fieldError(`zones.${i}.rates.${j}.method`) && <small className="shipping-field__error">{fieldError(`zones.${i}.rates.${j}.method`)}</small>}
                      </td>
                      <td>
                        <input
                          aria-label={`Price of method ${j + 1} of ${z.name || `zone ${i + 1}`}`}
                          inputMode="decimal"
                          value={r.price}
                          onChange={(e) => update(z.key, { rates: z.rates.map((x) => (x.key === r.key ? { ...x, price: e.target.value } : x)) })}
                        />
                        {fieldError(`zones.${i}.rates.${j}.price`) && <small className="shipping-field__error">{fieldError(`zones.${i}.rates.${j}.price`)}</small>}
                      </td>
                      <td>
                        <button type="button" className="shipping-link-button" onClick={() => update(z.key, { rates: z.rates.filter((x) => x.key !== r.key) })}>
                          Remove
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {fieldError(`zones.${i}.rates`) && <p className="shipping-field__error">{fieldError(`zones.${i}.rates`)}</p>}
              <div className="shipping-zone__actions">
                <button
                  type="button"
                  className="pod-button"
                  onClick={() => {
                    const method = load.view.methods[0];
                    if (method) update(z.key, { rates: [...z.rates, { key: nextKey++, method: method.code, price: pounds(method.price) }] });
                  }}
                >
                  Add a method
                </button>
                <button type="button" className="pod-button" onClick={() => setZones((all) => all.filter((x) => x.key !== z.key))}>
                  Remove zone
                </button>
              </div>
            </fieldset>
          ))}
          <div className="shipping-settings__actions">
            <button type="button" className="pod-button" onClick={() => setZones((all) => [...all, toDraft({ name: '', countries: [], freeOver: null, rates: [] })])}>
              Add a zone
            </button>
            <button type="submit" className="pod-button pod-button--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save shipping'}
            </button>
          </div>
          {result && (
            <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'shipping-settings__ok' : 'shipping-field__error'}>
              {result.message}
            </p>
          )}
          <p className="shipping-settings__note">List prices: {load.view.methods.map((m) => `${m.name} ${formatMoney(m.price, load.view.currency)}`).join(' · ')}</p>
        </form>
      )}
    </div>
  );
}
