import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { errorText } from '../../auth/form/serverErrors';
import { snackbar, snackError } from '../../app/Snackbar';
import { useEditorDivision } from '../../editor/pages/storeChoice';
import type { CollectionDetail, CollectionSummary } from '../../core/businessAdmin';
import type { ProductTable } from '../../core/dashboardProducts';
import { productsApi } from '../paths';
import { SortableProducts } from './SortableProducts';
import { usePermissionNotice } from './PermissionNotice';
import { ImageUpload } from '../ImageUpload';
import '../products/products.css';
import './business.css';

const collectionsApi = (store: number, rest = '') => `/omnis/v3/dashboard/collections/${rest}?store=${store}`;

/** /dashboard/collections/: the owner creates collections, names them and puts their products in order. */
export function CollectionsScreen() {
  const choice = useEditorDivision();
  const store = choice.status === 'ready' ? choice.divisionId : null;
  const [list, setList] = useState<{ data?: CollectionSummary[]; error?: string }>({});
  const [reload, setReload] = useState(0);
  const [newName, setNewName] = useState('');
  const [open, setOpen] = useState<CollectionDetail | null>(null);
  const permission = usePermissionNotice('collections', store, 'collections');

  useEffect(() => {
    if (store === null || !permission.allowed) return;
    const controller = new AbortController();
    api<{ collections: CollectionSummary[] }>(collectionsApi(store), { signal: controller.signal }).then(
      (r) => setList({ data: r.collections }),
      (e: unknown) => !controller.signal.aborted && setList({ error: errorText(e) }),
    );
    return () => controller.abort();
  }, [store, reload, permission.allowed]);

  const create = async () => {
    if (store === null) return;
    try {
      const { collection } = await api<{ collection: CollectionDetail }>(collectionsApi(store), { method: 'POST', body: { name: newName } });
      setNewName('');
      snackbar.push({ code: `collection-created:${collection.id}`, text: `Collection “${collection.name}” created`, kind: 'success' });
      setOpen(collection);
      setReload((n) => n + 1);
    } catch (e) {
      snackError(e, 'collections');
    }
  };
  const openCollection = async (id: number) => {
    if (store === null) return;
    try {
      setOpen((await api<{ collection: CollectionDetail }>(collectionsApi(store, `${id}/`))).collection);
    } catch (e) {
      snackError(e, 'collections');
    }
  };

  return (
    <div className="dash">
      <header className="dash__head">
        <div>
          <p className="dash__crumbs">
            <Link to="/dashboard/">Dashboard</Link> / Collections
          </p>
          <h1>Collections</h1>
        </div>
      </header>
      {choice.status === 'none' && <p className="dash__empty">You have no store yet.</p>}
      {permission.notice}
      <div className="business__split" hidden={!permission.allowed}>
        <section className="dash__card">
          <form
            className="dash__toolbar"
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <input aria-label="New collection name" placeholder="New collection name" value={newName} maxLength={100} onChange={(e) => setNewName(e.target.value)} />
            <button type="submit" className="button button--primary" disabled={store === null || newName.trim() === ''}>
              Create collection
            </button>
          </form>
          {list.error && (
            <div className="dash__empty" role="alert">
              <p>{list.error}</p>
              <button type="button" className="button button--quiet" onClick={() => setReload((n) => n + 1)}>
                Try again
              </button>
            </div>
          )}
          {!list.data && !list.error && choice.status !== 'none' && (
            <p className="dash__empty" role="status">
              Loading collections…
            </p>
          )}
          {list.data?.length === 0 && <p className="dash__empty">No collections yet. Name one above to group products on your store.</p>}
          {list.data && list.data.length > 0 && (
            <ul className="business__collections" aria-label="Collections">
              {list.data.map((c) => (
                <li key={c.id} className={open?.id === c.id ? 'is-open' : undefined}>
                  <button type="button" className="link-button" onClick={() => void openCollection(c.id)}>
                    {c.name}
                  </button>
                  <small>
                    /{c.urlName}/ · {c.products} {c.products === 1 ? 'product' : 'products'}
                  </small>
                </li>
              ))}
            </ul>
          )}
        </section>
        {open && store !== null && (
          <CollectionEditor
            key={open.id}
            store={store}
            collection={open}
            onSaved={(c) => {
              setOpen(c);
              snackbar.push({ code: `collection-saved:${c.id}`, text: `Collection “${c.name}” saved`, kind: 'success' });
              setReload((n) => n + 1);
            }}
          />
        )}
      </div>
    </div>
  );
}

function CollectionEditor({ store, collection, onSaved }: { store: number; collection: CollectionDetail; onSaved: (c: CollectionDetail) => void }) {
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description);
  const [banner, setBanner] = useState(collection.banner ?? { src: '', alt: '' });
  const [items, setItems] = useState(collection.items);
  const [choices, setChoices] = useState<ProductTable['data']>([]);
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<ProductTable>(productsApi(store, '?perPage=100&sort=name&dir=asc')).then((t) => setChoices(t.data), () => setChoices([]));
  }, [store]);
  const available = choices.filter((p) => !items.some((i) => i.id === p.id));
  const add = () => {
    const p = choices.find((c) => c.id === Number(adding));
    if (!p) return;
    setItems((list) => [...list, { id: p.id, name: p.name, sku: p.sku, image: p.image }]);
    setAdding('');
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const { collection: saved } = await api<{ collection: CollectionDetail }>(collectionsApi(store, `${collection.id}/`), {
        method: 'PATCH',
        body: { name, description, banner: banner.src ? banner : null, productIds: items.map((i) => i.id) },
      });
      onSaved(saved);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="dash__card business__editor" aria-labelledby="collection-title">
      <h2 id="collection-title">Edit “{collection.name}”</h2>
      <label>
        Name
        <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Description
        <textarea value={description} rows={3} maxLength={2000} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <fieldset className="business__banner">
        <legend>Banner</legend>
        <p id="collection-banner-hint" className="dash__hint">
          Shown on the collection&apos;s cards; without one the store shows its best seller.
        </p>
        <ImageUpload id="collection-banner" label="Banner" divisionId={store} src={banner.src} onChange={(src) => setBanner((b) => ({ ...b, src }))} describedBy="collection-banner-hint" />
        {banner.src && (
          <label>
            Banner alt text
            <input value={banner.alt} maxLength={300} onChange={(e) => setBanner((b) => ({ ...b, alt: e.target.value }))} />
          </label>
        )}
      </fieldset>
      <div className="business__add">
        <select aria-label="Product to add" value={adding} onChange={(e) => setAdding(e.target.value)}>
          <option value="">Add a product…</option>
          {available.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.sku})
            </option>
          ))}
        </select>
        <button type="button" className="button button--quiet" disabled={adding === ''} onClick={add}>
          Add
        </button>
      </div>
      {items.length === 0 ? <p className="dash__empty">No products in this collection yet.</p> : <SortableProducts items={items} onChange={setItems} />}
      {error && (
        <p role="alert" className="dash__error">
          {error}
        </p>
      )}
      <div className="dash__dialog-actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>
          Save collection
        </button>
      </div>
    </section>
  );
}
