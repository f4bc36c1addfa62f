import { useCallback, useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useStoreList } from '../storeData';
import { PickerList, Popover, type PickerOption } from './Picker';
import type { PanelContext } from '../context';

function CataloguePicker({ kind, props }: { kind: 'products' | 'collections'; props: WidgetProps }) {
  const { id, value, disabled, readonly, onChange, onFocus, onBlur, label, registry } = props;
  const divisionId = (registry.formContext as PanelContext | undefined)?.divisionId ?? null;
  const [open, setOpen] = useState(false);
  const current = typeof value === 'string' ? value : '';
  // Fetch as soon as the field shows, so the chosen item's name is shown instead of its url name.
  const list = useStoreList(kind, divisionId);
  const options: PickerOption[] = useMemo(
    () =>
      kind === 'products'
        ? list.items.map((p) => {
            const product = p as { urlName: string; name: string; image?: { src: string } | null };
            return { value: product.urlName, label: product.name, image: product.image?.src ?? null };
          })
        : list.items.map((c) => {
            const collection = c as { urlName: string; name: string; productCount: number; banner?: { src: string } | null };
            return { value: collection.urlName, label: collection.name, hint: `${collection.productCount} products`, image: collection.banner?.src ?? null };
          }),
    [kind, list.items],
  );
  const chosen = options.find((o) => o.value === current);
  const close = useCallback(() => setOpen(false), []);
  const noun = kind === 'products' ? 'product' : 'collection';
  return (
    <div className="panel-pick" onFocus={() => onFocus(id, current)} onBlur={() => onBlur(id, current)}>
      <button
        id={id}
        type="button"
        className="panel-input panel-pick__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled || readonly}
        onClick={() => setOpen((o) => !o)}
      >
        {chosen?.image && <img className="panel-pick__thumb" src={chosen.image} alt="" />}
        <span>{current === '' ? (kind === 'products' ? 'No product chosen' : 'All products') : (chosen?.label ?? current)}</span>
      </button>
      {current !== '' && !(disabled || readonly) && (
        <button type="button" className="panel-icon-button" aria-label={`Clear ${label || noun}`} onClick={() => onChange('')}>
          ×
        </button>
      )}
      <Popover open={open} onClose={close}>
        <PickerList
          label={`${label || noun}: ${kind}`}
          options={options}
          status={divisionId ? list.status : 'ready'}
          selected={current}
          empty={kind === 'products' ? 'The store has no products yet' : 'The store has no collections yet'}
          onClose={close}
          onPick={(option) => {
            onChange(option.value);
            setOpen(false);
          }}
        />
      </Popover>
    </div>
  );
}

/** Product picker: one of the store's products, stored by url name. */
export const ProductWidget = (props: WidgetProps) => <CataloguePicker kind="products" props={props} />;
/** Collection picker: one of the store's collections by url name; empty means every product. */
export const CollectionWidget = (props: WidgetProps) => <CataloguePicker kind="collections" props={props} />;
