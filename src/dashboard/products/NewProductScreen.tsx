import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { formatMoney } from '../../core/currency';
import { errorText } from '../../auth/form/serverErrors';
import { useEditorDivision } from '../../editor/pages/storeChoice';
import type { Artwork, BaseProductChoice, ProductTable, ProfitQuote } from '../../core/dashboardProducts';
import { DASHBOARD_PATHS, productsApi } from '../paths';
import './products.css';

type Placement = { scale: number; offsetY: number };
const AREA_LABELS: Record<string, string> = { front: 'Front', back: 'Back', left: 'Left sleeve', right: 'Right sleeve' };
/** "25.00" → 2500; null when it is not an amount. */
const toMinor = (text: string): number | null => (/^\d{1,7}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

/** /dashboard/products/new/: a product from a base product and uploaded artwork; the server draws a mockup per colour. */
export function NewProductScreen() {
  const choice = useEditorDivision();
  const divisionId = choice.status === 'ready' ? choice.divisionId : null;
  const navigate = useNavigate();
  const [bases, setBases] = useState<{ sku: string; name: string }[] | null>(null);
  const [collections, setCollections] = useState<{ id: number; name: string }[]>([]);
  const [baseSku, setBaseSku] = useState('');
  const [base, setBase] = useState<BaseProductChoice | null>(null);
  const [artwork, setArtwork] = useState<Artwork | null>(null);
  const [uploading, setUploading] = useState(false);
  const [artworkError, setArtworkError] = useState<string | null>(null);
  const [areas, setAreas] = useState<Record<string, Placement>>({ front: { scale: 80, offsetY: 10 } });
  const [colours, setColours] = useState<string[]>([]);
  const [sizes, setSizes] = useState<string[]>([]);
  const [stock, setStock] = useState('100');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('25.00');
  const [salePrice, setSalePrice] = useState('');
  const [chosenCollections, setChosenCollections] = useState<number[]>([]);
  const [metaTitle, setMetaTitle] = useState('');
  const [metaDescription, setMetaDescription] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [quote, setQuote] = useState<ProfitQuote | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (divisionId === null) return;
    void api<ProductTable>(productsApi(divisionId, '?sort=name&dir=asc&perPage=100&approval=approved')).then(
      (t) => setBases(t.data.map((p) => ({ sku: p.sku, name: p.name }))),
      (e: unknown) => setError(errorText(e)),
    );
    void api<{ data: { id: number; name: string }[] }>(`/omnis/v3/collections/get/${divisionId}/`).then((r) => setCollections(r.data), () => setCollections([]));
  }, [divisionId]);

  useEffect(() => {
    if (divisionId === null || baseSku === '') return;
    let live = true;
    api<{ base: BaseProductChoice }>(productsApi(divisionId, `base/?sku=${encodeURIComponent(baseSku)}`)).then(
      ({ base: b }) => {
        if (!live) return;
        setBase(b);
        setColours(b.colours.slice(0, 2).map((c) => c.name));
        setSizes(b.sizes);
        setAreas((a) => Object.fromEntries(Object.entries(a).filter(([k]) => b.areas.includes(k))));
      },
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [divisionId, baseSku]);

  const priceMinor = toMinor(price);
  const saleMinor = salePrice.trim() === '' ? null : toMinor(salePrice);
  const prints = Math.max(1, Object.keys(areas).length);
  useEffect(() => {
    if (divisionId === null || !base || priceMinor === null) return;
    const timer = setTimeout(() => {
      const sale = saleMinor !== null ? `&salePrice=${saleMinor}` : '';
      api<{ quote: ProfitQuote }>(productsApi(divisionId, `quote/?sku=${encodeURIComponent(base.sku)}&price=${priceMinor}${sale}&prints=${prints}`)).then(
        (r) => setQuote(r.quote),
        () => setQuote(null),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [divisionId, base, priceMinor, saleMinor, prints]);

  const upload = async (file: File) => {
    if (divisionId === null) return;
    setUploading(true);
    setArtworkError(null);
    const form = new FormData();
    form.append('file', file);
    try {
      const r = await api<{ artwork: Artwork }>(productsApi(divisionId, 'artwork/'), { method: 'POST', body: form });
      setArtwork(r.artwork);
      if (name === '') setName(file.name.replace(/\.[a-z]+$/i, '').replace(/[-_]+/g, ' '));
    } catch (e) {
      setArtworkError(errorText(e));
      setArtwork(null);
    } finally {
      setUploading(false);
    }
  };

  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (divisionId === null || !base || !artwork) return;
    if (priceMinor === null) return setError('Enter the price as an amount like 25.00');
    if (salePrice.trim() !== '' && saleMinor === null) return setError('Enter the sale price as an amount like 19.00');
    setSaving(true);
    setError(null);
    try {
      await api(productsApi(divisionId, ''), {
        method: 'POST',
        body: {
          baseSku: base.sku, artworkId: artwork.id, areas, colours, sizes, stock: Number(stock) || 0, name, description, price: priceMinor, salePrice: saleMinor,
          collections: chosenCollections, metaTitle: metaTitle || null, metaDescription: metaDescription || null, enabled,
        },
      });
      void navigate(`${DASHBOARD_PATHS.products}?store=${divisionId}`);
    } catch (e) {
      setError(errorText(e));
      setSaving(false);
    }
  };

  const money = (minor: number) => formatMoney(minor, 'GBP');
  return (
    <div className="dash dash--narrow">
      <header className="dash__head">
        <div>
          <p className="dash__crumbs">
            <Link to={`${DASHBOARD_PATHS.products}${divisionId !== null ? `?store=${divisionId}` : ''}`}>Products</Link> / New
          </p>
          <h1>Add a product</h1>
        </div>
      </header>
      {choice.status === 'none' && <p className="dash__empty">You have no store yet.</p>}
      <form className="dash__form" onSubmit={(e) => void submit(e)} noValidate>
        <section className="dash__card">
          <h2>1. Garment</h2>
          {bases === null ? (
            <p role="status">Loading garments…</p>
          ) : (
            <label>
              Base product
              <select value={baseSku} onChange={(e) => setBaseSku(e.target.value)} required>
                <option value="">Choose a garment…</option>
                {bases.map((b) => (
                  <option key={b.sku} value={b.sku}>
                    {b.name} ({b.sku})
                  </option>
                ))}
              </select>
            </label>
          )}
        </section>

        <section className="dash__card">
          <h2>2. Artwork</h2>
          <p className="dash__hint">PNG, JPEG or SVG up to 20 MB. Pictures need at least 1772 px across for a sharp 30 cm print.</p>
          <label className="dash__file">
            Artwork file
            <input type="file" accept="image/png,image/jpeg,image/svg+xml" disabled={uploading || divisionId === null} onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
          </label>
          {uploading && <p role="status">Checking your artwork…</p>}
          {artworkError && (
            <p role="alert" className="dash__error">
              {artworkError}
            </p>
          )}
          {artwork && (
            <div className="dash__artwork">
              <img src={artwork.url} alt="Your artwork" />
              <p>
                Uploaded: {artwork.width} × {artwork.height} px
              </p>
            </div>
          )}
        </section>

        {base && (
          <>
            <section className="dash__card">
              <h2>3. Print areas</h2>
              <div className="dash__areas">
                {base.areas.map((area) => {
                  const placed = areas[area];
                  return (
                    <fieldset key={area} className="dash__area">
                      <legend>
                        <label>
                          <input type="checkbox" checked={placed !== undefined} onChange={() => setAreas((a) => (a[area] ? Object.fromEntries(Object.entries(a).filter(([k]) => k !== area)) : { ...a, [area]: { scale: 80, offsetY: 10 } }))} />
                          {AREA_LABELS[area] ?? area}
                        </label>
                      </legend>
                      {placed && (
                        <>
                          <label>
                            Size {placed.scale}%
                            <input type="range" min={10} max={100} value={placed.scale} onChange={(e) => setAreas((a) => ({ ...a, [area]: { ...placed, scale: Number(e.target.value) } }))} />
                          </label>
                          <label>
                            Height {placed.offsetY}% down
                            <input type="range" min={0} max={100} value={placed.offsetY} onChange={(e) => setAreas((a) => ({ ...a, [area]: { ...placed, offsetY: Number(e.target.value) } }))} />
                          </label>
                        </>
                      )}
                    </fieldset>
                  );
                })}
              </div>
            </section>

            <section className="dash__card">
              <h2>4. Colours and sizes</h2>
              <fieldset className="dash__chips">
                <legend>Colours (a mockup is made for each)</legend>
                {base.colours.map((c) => (
                  <label key={c.name} className="dash__chip">
                    <input type="checkbox" checked={colours.includes(c.name)} onChange={() => setColours((l) => toggle(l, c.name))} />
                    <span className="dash__swatch" style={{ background: c.value }} aria-hidden="true" />
                    {c.name}
                  </label>
                ))}
              </fieldset>
              <fieldset className="dash__chips">
                <legend>Sizes</legend>
                {base.sizes.map((s) => (
                  <label key={s} className="dash__chip">
                    <input type="checkbox" checked={sizes.includes(s)} onChange={() => setSizes((l) => toggle(l, s))} />
                    {s}
                  </label>
                ))}
              </fieldset>
              <label className="dash__short">
                Stock per size
                <input type="number" min={0} max={100000} value={stock} onChange={(e) => setStock(e.target.value)} />
              </label>
            </section>

            <section className="dash__card">
              <h2>5. Details and price</h2>
              <label>
                Name
                <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
              </label>
              <label>
                Description
                <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
              </label>
              <div className="dash__row">
                <label>
                  Price (£)
                  <input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
                </label>
                <label>
                  Sale price (£, optional)
                  <input inputMode="decimal" value={salePrice} onChange={(e) => setSalePrice(e.target.value)} />
                </label>
              </div>
              {quote && (
                <dl className="dash__quote" aria-label="Profit per sale">
                  <div>
                    <dt>Shopper pays</dt>
                    <dd>{money(quote.price)}</dd>
                  </div>
                  <div>
                    <dt>Garment</dt>
                    <dd>{money(quote.production)}</dd>
                  </div>
                  <div>
                    <dt>{quote.prints === 1 ? 'Printing' : `Printing (${quote.prints} prints)`}</dt>
                    <dd>{money(quote.print)}</dd>
                  </div>
                  <div>
                    <dt>VAT</dt>
                    <dd>{money(quote.vat)}</dd>
                  </div>
                  <div className={quote.margin < 0 ? 'is-loss' : 'is-profit'}>
                    <dt>Your profit per sale</dt>
                    <dd data-testid="profit">{money(quote.margin)}</dd>
                  </div>
                </dl>
              )}
              {collections.length > 0 && (
                <fieldset className="dash__chips">
                  <legend>Collections</legend>
                  {collections.map((c) => (
                    <label key={c.id} className="dash__chip">
                      <input type="checkbox" checked={chosenCollections.includes(c.id)} onChange={() => setChosenCollections((l) => toggle(l, c.id))} />
                      {c.name}
                    </label>
                  ))}
                </fieldset>
              )}
            </section>

            <section className="dash__card">
              <h2>6. Search engines</h2>
              <label>
                SEO title
                <input value={metaTitle} onChange={(e) => setMetaTitle(e.target.value)} maxLength={200} placeholder={name} />
              </label>
              <label>
                SEO description
                <textarea value={metaDescription} onChange={(e) => setMetaDescription(e.target.value)} rows={2} maxLength={500} />
              </label>
              <label className="dash__check">
                <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
                Publish on the store now (staff review it afterwards)
              </label>
            </section>
          </>
        )}
        {error && (
          <p role="alert" className="dash__error">
            {error}
          </p>
        )}
        <div className="dash__submit">
          <button type="submit" className="button button--primary" disabled={!base || !artwork || saving}>
            {saving ? 'Making mockups…' : 'Create product'}
          </button>
        </div>
      </form>
    </div>
  );
}
