import { useEffect, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../auth/form/serverErrors';
import { firstError } from '../../auth/form/rules';
import { useEditorDivision } from '../../editor/pages/storeChoice';
import { SUPPORTED_CURRENCIES } from '../../core/currency';
import {
  settingsTabErrors,
  SETTINGS_TAB_TITLES,
  SETTINGS_TABS,
  isSettingsTab,
  type SettingsTab,
  type StoreSettings,
  type StoreSettingsView,
} from '../../core/storeSettings';
import { settingsApi } from '../paths';
import { ImageUpload } from '../ImageUpload';
import '../fields.css';
import './settings.css';

type Errors = Record<string, string>;
type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; view: StoreSettingsView };

/** The §5.1 messages of a tab's values, keyed as the API keys them (`allowedUsers.1`, `rates.JPY`). */
export const validateSettingsTab = <T extends SettingsTab>(tab: T, values: StoreSettings[T]): Errors => settingsTabErrors(tab, values, firstError);

/**
 * /dashboard/settings/ (issue #17): the store's site-wide behaviour in tabs. Each tab saves on its own (PATCH
 * …/settings/{tab}/); every field is checked with its §5.1 rule as the owner types and again by the server, and
 * the message shows at the field.
 */
export function SettingsScreen() {
  const choice = useEditorDivision();
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: SettingsTab = isSettingsTab(asked) ? asked : 'general';
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    if (divisionId === null) return;
    const controller = new AbortController();
    api<StoreSettingsView>(settingsApi(divisionId), { signal: controller.signal }).then(
      (view) => setLoad({ status: 'ready', view }),
      (error: unknown) => !controller.signal.aborted && setLoad({ status: 'failed', message: errorText(error) }),
    );
    return () => controller.abort();
  }, [divisionId]);

  const select = (next: SettingsTab) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  const onTabKey = (event: KeyboardEvent) => {
    const i = SETTINGS_TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = SETTINGS_TABS[(i + step + SETTINGS_TABS.length) % SETTINGS_TABS.length]!;
    select(next);
    document.getElementById(`settings-tab-${next}`)?.focus();
  };

  return (
    <div className="store-settings dash-fields">
      <p>
        <Link to="/dashboard/">← Dashboard</Link>
      </p>
      <h1>Store settings</h1>
      {choice.status === 'none' && <p>You have no store yet.</p>}
      {choice.status !== 'none' && load.status === 'loading' && (
        <p role="status">
          <span className="pod-spinner" aria-hidden="true" /> Loading settings…
        </p>
      )}
      {load.status === 'failed' && <p role="alert">{load.message}</p>}
      {load.status === 'ready' && divisionId !== null && (
        <div className="store-settings__body">
          <div role="tablist" aria-label="Settings" aria-orientation="vertical" className="store-settings__tabs" onKeyDown={onTabKey}>
            {SETTINGS_TABS.map((t) => (
              <button
                key={t}
                id={`settings-tab-${t}`}
                type="button"
                role="tab"
                aria-selected={t === tab}
                aria-controls={`settings-panel-${t}`}
                tabIndex={t === tab ? 0 : -1}
                className="store-settings__tab"
                onClick={() => select(t)}
              >
                {SETTINGS_TAB_TITLES[t]}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} className="store-settings__panel">
            <TabForm key={tab} tab={tab} divisionId={divisionId} view={load.view} onSaved={(view) => setLoad({ status: 'ready', view })} />
          </div>
        </div>
      )}
    </div>
  );
}

function TabForm<T extends SettingsTab>({ tab, divisionId, view, onSaved }: { tab: T; divisionId: number; view: StoreSettingsView; onSaved: (view: StoreSettingsView) => void }) {
  const [values, setValues] = useState<StoreSettings[T]>(view.settings[tab]);
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const set = (change: Partial<StoreSettings[T]>) => {
    const next = { ...values, ...change };
    setValues(next);
    setResult(null);
    // Validate as the owner types once they have tried to save, so the message follows the fix.
    if (touched) setErrors(validateSettingsTab(tab, next));
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setTouched(true);
    const found = validateSettingsTab(tab, values);
    setErrors(found);
    if (Object.keys(found).length) {
      setResult({ ok: false, message: 'Please correct the fields marked below.' });
      return;
    }
    setSaving(true);
    try {
      const saved = await api<StoreSettingsView>(settingsApi(divisionId, tab), { method: 'PATCH', body: values });
      onSaved(saved);
      setValues(saved.settings[tab]);
      setResult({ ok: true, message: `${SETTINGS_TAB_TITLES[tab]} settings saved.` });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
      setResult({ ok: false, message: errorText(error) });
    } finally {
      setSaving(false);
    }
  };

  const f = { values: values as unknown as Record<string, unknown>, errors, set: set as (change: Record<string, unknown>) => void };
  return (
    <form onSubmit={(e) => void save(e)} noValidate className="store-settings__form">
      <h2>{SETTINGS_TAB_TITLES[tab]}</h2>
      {tab === 'general' && (
        <>
          <Text f={f} name="storeName" label="Store name" />
          <Picture f={f} name="logo" label="Logo" divisionId={divisionId} hint="PNG, JPEG, WebP or SVG; shown in the header at up to 220 px wide." />
          <Picture f={f} name="favicon" label="Favicon" divisionId={divisionId} hint="A square picture; browsers show it at 32 px." />
          <fieldset className="store-settings__group">
            <legend>Company details for invoices</legend>
            <Text f={f} name="legalName" label="Legal name" />
            <Text f={f} name="address" label="Registered address" multiline />
            <Text f={f} name="vatNumber" label="VAT number" hint="For example GB123456789." />
          </fieldset>
          <Text f={f} name="returnWindowDays" label="Return window (days)" hint="How long after dispatch shoppers may return items; 0 turns returns off." whole />
        </>
      )}
      {tab === 'domain' && (
        <>
          <Text f={f} name="customDomainName" label="Custom domain" hint="For example shop.example.com, pointed at us by a CNAME record. Leave empty to use your store address." />
          <dl className="store-settings__facts">
            <dt>Store address</dt>
            <dd>{view.subdomain.name}</dd>
            <dt>Approval status</dt>
            <dd>{view.subdomain.approvalStatus}</dd>
          </dl>
        </>
      )}
      {tab === 'banners' && (
        <>
          <fieldset className="store-settings__group">
            <legend>Sitewide banner</legend>
            <Check f={f} name="bannerEnabled" label="Show the banner above every page" />
            <Text f={f} name="bannerText" label="Banner text" />
            <Text f={f} name="bannerIcon" label="Icon name (optional)" />
            <Colour f={f} name="bannerBackgroundColor" label="Banner background colour" />
            <Colour f={f} name="bannerTextColor" label="Banner text colour" />
          </fieldset>
          <fieldset className="store-settings__group">
            <legend>Seasonal delivery cut-off banner</legend>
            <Check f={f} name="cutoffEnabled" label="Show the delivery cut-off banner" />
            <Text f={f} name="cutoffStandardDate" label="Last day for standard delivery" type="date" />
            <Text f={f} name="cutoffExpressDate" label="Last day for express delivery" type="date" />
            <Text f={f} name="cutoffContent" label="Cut-off banner text" multiline />
            <Colour f={f} name="cutoffBackgroundColor" label="Cut-off banner background colour" />
            <Colour f={f} name="cutoffTextColor" label="Cut-off banner text colour" />
          </fieldset>
          <fieldset className="store-settings__group">
            <legend>Sitewide popup</legend>
            <Check f={f} name="popupEnabled" label="Show the popup to each new visitor" />
            <Text f={f} name="popupHeading" label="Popup heading" />
            <Text f={f} name="popupDescription" label="Popup description" multiline />
          </fieldset>
        </>
      )}
      {tab === 'marketing' && (
        <>
          <fieldset className="store-settings__group">
            <legend>Email subscriber offer</legend>
            <Check f={f} name="subscriberOfferEnabled" label="Offer a coupon to visitors who subscribe (popup after 30 seconds)" />
            <Text f={f} name="subscriberOfferCoupon" label="Coupon code it awards" hint="An active coupon of your store, e.g. WELCOME10." />
          </fieldset>
          <fieldset className="store-settings__group">
            <legend>Cookie policy</legend>
            <Check f={f} name="cookiePolicyEnabled" label="Show the cookie notice (analytics and tracking load only after consent)" />
            <Text f={f} name="cookiePolicyMessage" label="Cookie notice message" multiline />
            <Check f={f} name="cookiePolicyAllowEssentialOnly" label="Let visitors allow essential cookies only" />
          </fieldset>
        </>
      )}
      {tab === 'access' && (
        <>
          <fieldset className="store-settings__group">
            <legend>Password protection</legend>
            <Check f={f} name="passwordProtected" label="Only signed-in allowed users may visit the store" />
            <ListField
              label="Allowed users (one email address per line)"
              hint="Your store's owners, editors and our staff are always allowed."
              items={(values as StoreSettings['access']).allowedUsers}
              errorOf={(i) => errors[`allowedUsers.${i}`]}
              onItems={(allowedUsers) => f.set({ allowedUsers })}
            />
          </fieldset>
          <fieldset className="store-settings__group">
            <legend>Coming soon</legend>
            <Check f={f} name="comingSoonEnabled" label="Show a countdown page until launch (only allowed users get in)" />
            <Text f={f} name="launchDate" label="Launch date" type="date" />
          </fieldset>
        </>
      )}
      {tab === 'currencies' && <Currencies values={values as StoreSettings['currencies']} errors={errors} set={f.set} feed={view.ratesFeed} />}
      {tab === 'currencies' && view.ratesFeed && (
        <div>
          <button
            type="button"
            className="pod-button"
            disabled={saving}
            onClick={() => {
              setSaving(true);
              api<StoreSettingsView>(`${settingsApi(divisionId, 'currencies')}rates/`, { method: 'POST' })
                .then((saved) => {
                  onSaved(saved);
                  setValues(saved.settings[tab]);
                  setResult({ ok: true, message: 'Rates updated from the feed.' });
                })
                .catch((error: unknown) => setResult({ ok: false, message: errorText(error) }))
                .finally(() => setSaving(false));
            }}
          >
            Update rates from the feed
          </button>
        </div>
      )}
      {tab === 'tracking' && (
        <>
          <Text f={f} name="gaMeasurementId" label="Google Analytics measurement ID" hint="G- followed by 7 to 12 letters or digits." />
          <Text f={f} name="gaTrackingId" label="Google Analytics tracking ID" hint="UA-1234567-1" />
          <Text f={f} name="fbPixel" label="Facebook Pixel ID" />
          <Text f={f} name="pinterestPixel" label="Pinterest Pixel (tag) ID" />
          <Text f={f} name="gadsConversionId" label="Google Ads conversion ID" hint="7 to 12 digits." />
          <Text f={f} name="gadsConversionLabel" label="Google Ads conversion label" />
          <Text f={f} name="googleVerification" label="Google verification meta tag" hint={'<meta name="google-site-verification" content="…">'} />
          <Text f={f} name="pinterestVerification" label="Pinterest verification meta tag" />
          <Text f={f} name="facebookVerification" label="Facebook verification meta tag" />
        </>
      )}
      {tab === 'searchRedirects' && <Redirects values={values as StoreSettings['searchRedirects']} errors={errors} set={f.set} />}
      {tab === 'splitTests' && <SplitTests values={values as StoreSettings['splitTests']} errors={errors} set={f.set} results={view.splitTestResults} />}
      <div className="store-settings__actions">
        <button type="submit" className="pod-button pod-button--primary" disabled={saving}>
          {saving ? 'Saving…' : `Save ${SETTINGS_TAB_TITLES[tab].toLowerCase()}`}
        </button>
      </div>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'store-settings__ok' : 'store-settings__error'}>
          {result.message}
        </p>
      )}
    </form>
  );
}

interface FieldBag {
  values: Record<string, unknown>;
  errors: Errors;
  set: (change: Record<string, unknown>) => void;
}

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="store-settings__field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="store-settings__hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="store-settings__error">
          {error}
        </small>
      )}
    </div>
  );
}

function Text({ f, name, label, hint, multiline, type = 'text', whole }: { f: FieldBag; name: string; label: string; hint?: ReactNode; multiline?: boolean; type?: 'text' | 'date'; whole?: boolean }) {
  const id = `settings-${name}`;
  const error = f.errors[name];
  const props = {
    id,
    name,
    value: String(f.values[name] ?? ''),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
  };
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {multiline ? (
        <textarea {...props} rows={3} onChange={(e) => f.set({ [name]: e.target.value })} />
      ) : (
        // A whole number is kept as a number once it is one; anything else stays text for its rule to name.
        <input {...props} type={type} inputMode={whole ? 'numeric' : undefined} onChange={(e) => f.set({ [name]: whole && /^\d{1,6}$/.test(e.target.value) ? Number(e.target.value) : e.target.value })} />
      )}
    </Field>
  );
}

function Picture({ f, name, label, hint, divisionId }: { f: FieldBag; name: string; label: string; hint: string; divisionId: number }) {
  const id = `settings-${name}`;
  const error = f.errors[name];
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <ImageUpload id={id} label={label} divisionId={divisionId} src={String(f.values[name] ?? '')} onChange={(src) => f.set({ [name]: src })} describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`} />
    </Field>
  );
}

function Colour({ f, name, label }: { f: FieldBag; name: string; label: string }) {
  const id = `settings-${name}`;
  const value = String(f.values[name] ?? '');
  const error = f.errors[name];
  return (
    <Field id={id} label={label} error={error} hint="A hex colour such as #2f5d3a; empty for the theme's.">
      <span className="store-settings__colour">
        <input id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} onChange={(e) => f.set({ [name]: e.target.value })} />
        <input type="color" aria-label={`${label} picker`} value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'} onChange={(e) => f.set({ [name]: e.target.value })} />
      </span>
    </Field>
  );
}

function Check({ f, name, label }: { f: FieldBag; name: string; label: string }) {
  return (
    <label className="store-settings__check">
      <input type="checkbox" name={name} checked={f.values[name] === true} onChange={(e) => f.set({ [name]: e.target.checked })} />
      <span>{label}</span>
    </label>
  );
}

function ListField({ label, hint, items, errorOf, onItems }: { label: string; hint: string; items: string[]; errorOf: (i: number) => string | undefined; onItems: (items: string[]) => void }) {
  const id = useId();
  const [text, setText] = useState(items.join('\n'));
  const errors = items.map((item, i) => (errorOf(i) ? `${item || `Line ${i + 1}`}: ${errorOf(i)}` : null)).filter(Boolean);
  return (
    <Field id={id} label={label} hint={hint} error={errors.join(' · ') || undefined}>
      <textarea
        id={id}
        rows={4}
        value={text}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={`${id}-hint${errors.length ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          setText(e.target.value);
          onItems(e.target.value.split('\n').map((l) => l.trim()).filter(Boolean));
        }}
      />
    </Field>
  );
}

function Currencies({ values, errors, set, feed }: { values: StoreSettings['currencies']; errors: Errors; set: (c: Record<string, unknown>) => void; feed: boolean }) {
  const toggle = (code: string, on: boolean) => set({ currencies: on ? [...values.currencies, code] : values.currencies.filter((c) => c !== code) });
  return (
    <>
      <label className="store-settings__check">
        <input type="checkbox" checked={values.currencyEnabled} onChange={(e) => set({ currencyEnabled: e.target.checked })} />
        <span>Show the currency selector in the header</span>
      </label>
      <div className="store-settings__field">
        <label htmlFor="settings-mainCurrency">Main currency</label>
        <select id="settings-mainCurrency" value={values.mainCurrency} onChange={(e) => set({ mainCurrency: e.target.value, currencies: [...new Set([e.target.value, ...values.currencies])] })}>
          {SUPPORTED_CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
      <table className="store-settings__rates">
        <caption>
          Offered currencies and their rates (units per 1 {values.mainCurrency}){feed ? '. A rates feed is configured: saved rates are refreshed from it.' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Offered</th>
            <th scope="col">Rate</th>
          </tr>
        </thead>
        <tbody>
          {SUPPORTED_CURRENCIES.map((code) => {
            const offered = values.currencies.includes(code);
            const error = errors[`rates.${code}`];
            return (
              <tr key={code}>
                <td>
                  <label className="store-settings__check">
                    <input type="checkbox" checked={offered} disabled={code === values.mainCurrency} onChange={(e) => toggle(code, e.target.checked)} />
                    <span>{code}</span>
                  </label>
                </td>
                <td>
                  <input
                    aria-label={`${code} rate`}
                    inputMode="decimal"
                    value={String(values.rates[code] ?? '')}
                    disabled={code === values.mainCurrency}
                    aria-invalid={error ? true : undefined}
                    onChange={(e) => set({ rates: { ...values.rates, [code]: e.target.value.trim() === '' ? '' : Number.isNaN(Number(e.target.value)) ? e.target.value : Number(e.target.value) } })}
                  />
                  {error && <small className="store-settings__error">{error}</small>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function Redirects({ values, errors, set }: { values: StoreSettings['searchRedirects']; errors: Errors; set: (c: Record<string, unknown>) => void }) {
  const rows = values.redirects;
  const update = (i: number, change: Partial<(typeof rows)[number]>) => set({ redirects: rows.map((r, j) => (j === i ? { ...r, ...change } : r)) });
  return (
    <>
      <p className="store-settings__hint">A shopper searching for a term (any letter case) goes straight to its destination: a path on your store such as /collection/tees/, or a full web address.</p>
      {rows.map((r, i) => (
        <div key={i} className="store-settings__redirect">
          <div className="store-settings__field">
            <label htmlFor={`redirect-term-${i}`}>Search term {i + 1}</label>
            <input id={`redirect-term-${i}`} value={r.searchTerm} aria-invalid={errors[`redirects.${i}.searchTerm`] ? true : undefined} onChange={(e) => update(i, { searchTerm: e.target.value })} />
            {errors[`redirects.${i}.searchTerm`] && <small className="store-settings__error">{errors[`redirects.${i}.searchTerm`]}</small>}
          </div>
          <div className="store-settings__field">
            <label htmlFor={`redirect-destination-${i}`}>Destination {i + 1}</label>
            <input id={`redirect-destination-${i}`} value={r.destinationUrl} aria-invalid={errors[`redirects.${i}.destinationUrl`] ? true : undefined} onChange={(e) => update(i, { destinationUrl: e.target.value })} />
            {errors[`redirects.${i}.destinationUrl`] && <small className="store-settings__error">{errors[`redirects.${i}.destinationUrl`]}</small>}
          </div>
          <button type="button" className="pod-button" onClick={() => set({ redirects: rows.filter((_, j) => j !== i) })}>
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="pod-button" onClick={() => set({ redirects: [...rows, { searchTerm: '', destinationUrl: '' }] })}>
          Add a redirect
        </button>
      </div>
    </>
  );
}

/** The store's split tests (§3, §4): code, name, variations, default and on/off, with how many sessions saw each variation. */
function SplitTests({ values, errors, set, results }: { values: StoreSettings['splitTests']; errors: Errors; set: (c: Record<string, unknown>) => void; results: StoreSettingsView['splitTestResults'] }) {
  const tests = values.tests;
  const update = (i: number, change: Partial<(typeof tests)[number]>) => set({ tests: tests.map((t, j) => (j === i ? { ...t, ...change } : t)) });
  const field = (i: number, name: string) => `split-${i}-${name}`;
  const error = (i: number, name: string) => errors[`tests.${i}.${name}`];
  const described = (i: number, name: string) => (error(i, name) ? `${field(i, name)}-error` : undefined);
  const message = (i: number, name: string) =>
    error(i, name) && (
      <small id={`${field(i, name)}-error`} className="store-settings__error">
        {error(i, name)}
      </small>
    );
  return (
    <>
      <p className="store-settings__hint">
        Each visitor&apos;s session is given one variation of every active test at random and keeps it; the address can pick one for a visit (
        <code>?favourite_products=show</code>). favourite_products shows or hides favourites.
      </p>
      {errors.tests && <p className="store-settings__error">{errors.tests}</p>}
      {tests.map((t, i) => {
        const seen = results[t.code.trim()] ?? {};
        const total = Object.values(seen).reduce((n, v) => n + v, 0);
        return (
          <fieldset key={i} className="store-settings__group store-settings__split">
            <legend>{t.name.trim() || `Test ${i + 1}`}</legend>
            <div className="store-settings__field">
              <label htmlFor={field(i, 'code')}>Code (the address parameter)</label>
              <input id={field(i, 'code')} value={t.code} aria-invalid={error(i, 'code') ? true : undefined} aria-describedby={described(i, 'code')} onChange={(e) => update(i, { code: e.target.value })} />
              {message(i, 'code')}
            </div>
            <div className="store-settings__field">
              <label htmlFor={field(i, 'name')}>Name</label>
              <input id={field(i, 'name')} value={t.name} aria-invalid={error(i, 'name') ? true : undefined} aria-describedby={described(i, 'name')} onChange={(e) => update(i, { name: e.target.value })} />
              {message(i, 'name')}
            </div>
            <div className="store-settings__field">
              <label htmlFor={field(i, 'variations')}>Variations (separated by commas)</label>
              <input
                id={field(i, 'variations')}
                value={t.variations.join(', ')}
                aria-invalid={error(i, 'variations') ? true : undefined}
                aria-describedby={described(i, 'variations')}
                onChange={(e) => update(i, { variations: e.target.value.split(',').map((v) => v.trim()).filter((v, j, all) => v !== '' || j < all.length - 1) })}
              />
              {message(i, 'variations')}
            </div>
            <div className="store-settings__field">
              <label htmlFor={field(i, 'defaultVariation')}>Default variation</label>
              <select id={field(i, 'defaultVariation')} value={t.defaultVariation} aria-invalid={error(i, 'defaultVariation') ? true : undefined} aria-describedby={described(i, 'defaultVariation')} onChange={(e) => update(i, { defaultVariation: e.target.value })}>
                {!t.variations.includes(t.defaultVariation) && <option value={t.defaultVariation}>{t.defaultVariation || 'Choose…'}</option>}
                {t.variations.filter(Boolean).map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
              {message(i, 'defaultVariation')}
            </div>
            <label className="store-settings__check">
              <input type="checkbox" checked={t.active} onChange={(e) => update(i, { active: e.target.checked })} /> Running
            </label>
            <p className="store-settings__hint" aria-label={`Results of ${t.name.trim() || t.code}`}>
              {total === 0 ? 'No sessions yet.' : t.variations.map((v) => `${v}: ${seen[v] ?? 0} (${Math.round(((seen[v] ?? 0) / total) * 100)}%)`).join(' · ')}
            </p>
            <div>
              <button type="button" className="pod-button" onClick={() => set({ tests: tests.filter((_, j) => j !== i) })}>
                Remove test
              </button>
            </div>
          </fieldset>
        );
      })}
      <div>
        <button type="button" className="pod-button" onClick={() => set({ tests: [...tests, { code: '', name: '', variations: ['a', 'b'], defaultVariation: 'a', active: false }] })}>
          Add a split test
        </button>
      </div>
    </>
  );
}
