import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { safeLink } from '../../../core/links';
import { EDITING_DELAY_MS } from '../validation';
import { STORE_ACTIONS, storeHref, useStoreList } from '../storeData';
import { PickerList, type PickerOption } from './Picker';
import { Popup } from '../../../../blocks/content/Popup';
import type { PanelContext } from '../context';

/** §3 link picker result: text, href and the kind of target. */
export type LinkType = 'product' | 'collection' | 'blog' | 'page' | 'action' | 'link' | 'studio';
export interface LinkPickerResult {
  text: string;
  href: string;
  type: LinkType;
}

/** §5.1 url message for a link §5.2 would replace. */
export const UNSAFE_LINK_MESSAGE = 'Please enter a valid url';

/** What kind of link an href is, read from the storefront's address patterns (§2.2). */
export function linkTypeOf(href: string): LinkType {
  if (href.startsWith('@')) return 'action';
  if (/^\/product\//.test(href)) return 'product';
  if (/^\/collection\//.test(href)) return 'collection';
  if (/^\/blog\//.test(href)) return 'blog';
  if (/^\/studio\//.test(href)) return 'studio';
  if (href.startsWith('/') && !href.startsWith('//')) return 'page';
  return 'link';
}

/** A free link is acceptable when §5.2 keeps it as it is. */
export const isSafeFreeLink = (href: string): boolean => safeLink(href).warning === undefined;

const TABS: { type: Exclude<LinkType, 'link'>; label: string }[] = [
  { type: 'page', label: 'Pages' },
  { type: 'product', label: 'Products' },
  { type: 'collection', label: 'Collections' },
  { type: 'blog', label: 'Blog' },
  { type: 'action', label: 'Actions' },
  { type: 'studio', label: 'Studio' },
];

const TYPE_LABEL: Record<LinkType, string> = { product: 'Product', collection: 'Collection', blog: 'Blog post', page: 'Page', action: 'Action', link: 'Link', studio: 'Studio' };

/** The options of one tab, as §3 picker results (products/collections: name + url; blogs: title; pages: title; actions: title + href). */
function useTabOptions(type: Exclude<LinkType, 'link'>, divisionId: number | null, open: boolean) {
  const products = useStoreList('products', divisionId, open && (type === 'product' || type === 'studio'));
  const collections = useStoreList('collections', divisionId, open && type === 'collection');
  const blog = useStoreList('blog', divisionId, open && type === 'blog');
  const pages = useStoreList('pages', divisionId, open && type === 'page');
  return useMemo((): { status: 'idle' | 'loading' | 'ready' | 'error'; results: LinkPickerResult[] } => {
    switch (type) {
      case 'product':
        return { status: products.status, results: products.items.map((p) => ({ text: p.name, href: storeHref.product(p), type })) };
      case 'studio':
        return {
          status: products.status,
          results: [{ text: 'Design studio', href: storeHref.studio(), type }, ...products.items.map((p) => ({ text: `Customise ${p.name}`, href: storeHref.studio(p), type }))],
        };
      case 'collection':
        return { status: collections.status, results: collections.items.map((c) => ({ text: c.name, href: storeHref.collection(c), type })) };
      case 'blog':
        return { status: blog.status, results: blog.items.map((b) => ({ text: b.title, href: storeHref.blog(b), type })) };
      case 'page':
        return { status: pages.status, results: pages.items.map((p) => ({ text: p.title || p.url, href: p.url, type })) };
      case 'action':
        return { status: 'ready', results: STORE_ACTIONS.map((a) => ({ text: a.title, href: a.href, type })) };
    }
  }, [type, products, collections, blog, pages]);
}

/**
 * Link picker: the href as text (a free link, checked with the §5.2 safe-link rules once editing stops), plus
 * "Choose" to pick a page, product, collection, blog post, action ("@name") or studio link from the store's
 * real data in the select-link overlay. `onPickResult` (ui:options) receives the whole §3 result, e.g. to fill an empty button text.
 */
export function LinkWidget({ id, value, disabled, readonly, onChange, onFocus, onBlur, label, registry, options }: WidgetProps) {
  const divisionId = (registry.formContext as PanelContext | undefined)?.divisionId ?? null;
  const current = typeof value === 'string' ? value : '';
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Exclude<LinkType, 'link'>>(() => {
    const t = linkTypeOf(current);
    return t === 'link' ? 'page' : t;
  });
  const [unsafe, setUnsafe] = useState(() => current !== '' && !isSafeFreeLink(current));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chooseButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { status, results } = useTabOptions(tab, divisionId, open);
  const pickerOptions: PickerOption[] = useMemo(() => results.map((r) => ({ value: r.href, label: r.text, hint: r.href })), [results]);
  const close = useCallback(() => setOpen(false), []);
  const check = (href: string, now: boolean) => {
    clearTimeout(timer.current);
    const bad = href !== '' && !isSafeFreeLink(href);
    // §4: a new error waits until editing stops; a fixed one goes at once.
    if (!bad || now) setUnsafe(bad);
    else timer.current = setTimeout(() => setUnsafe(true), EDITING_DELAY_MS);
  };
  const type = linkTypeOf(current);
  return (
    <div className="panel-link" onFocus={() => onFocus(id, current)}>
      <div className="panel-link__row">
        {current !== '' && <span className="panel-chip" title="Link type">{TYPE_LABEL[type]}</span>}
        <input
          id={id}
          className="panel-input"
          type="text"
          inputMode="url"
          spellCheck={false}
          placeholder="/page/ or https://…"
          value={current}
          disabled={disabled || readonly}
          aria-invalid={unsafe || undefined}
          aria-describedby={unsafe ? `${id}__unsafe` : undefined}
          onChange={(e) => {
            onChange(e.target.value);
            check(e.target.value.trim(), false);
          }}
          onBlur={() => {
            check(current.trim(), true);
            onBlur(id, current);
          }}
        />
        <button ref={chooseButton} type="button" className="panel-button" aria-haspopup="dialog" aria-expanded={open} disabled={disabled || readonly} onClick={() => setOpen((o) => !o)}>
          Choose
        </button>
      </div>
      {unsafe && (
        <span id={`${id}__unsafe`} className="panel-field__error" role="alert">
          {UNSAFE_LINK_MESSAGE}
        </span>
      )}
      {open && (
        // §2.4 select-link overlay: a labelled modal that keeps focus inside and gives it back to "Choose".
        <Popup title={label ? `Select a link: ${label}` : 'Select a link'} onClose={close} returnFocusTo={chooseButton} className="panel-select-link">
          <div role="tablist" aria-label={`${label || 'Link'}: kind`} className="panel-tabs">
            {TABS.map((t) => (
              <button key={t.type} type="button" role="tab" aria-selected={tab === t.type} className="panel-tabs__tab" onClick={() => setTab(t.type)}>
                {t.label}
              </button>
            ))}
          </div>
          <PickerList
            key={tab}
            label={TABS.find((t) => t.type === tab)!.label}
            options={pickerOptions}
            status={divisionId || tab === 'action' ? status : 'ready'}
            selected={current}
            onClose={close}
            onPick={(option) => {
              const result = results.find((r) => r.href === option.value)!;
              onChange(result.href);
              check(result.href, true);
              (options.onPickResult as ((r: LinkPickerResult) => void) | undefined)?.(result);
              setOpen(false);
            }}
          />
        </Popup>
      )}
    </div>
  );
}
