import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useStore } from '../../app/StoreContext';
import { snackbar } from '../../app/Snackbar';
import { ApiError } from '../../lib/api';
import { NOT_FOUND_TITLES, notFoundScreen, plainText, productScreen } from '../../core/head';
import { bundleItemInStock, bundleItemsPrice, productInStock, type BundleItemDetail, type ImageRef, type SizeStock } from '../../core/catalogue';
import { Breadcrumbs } from '../../app/Breadcrumbs';
import { HOME_CRUMB } from '../../core/breadcrumbs';
import { catalogueApi, productHref, collectionHref, creatorHref, type Paginated, type ProductDetail, type ProductSummary } from '../../../blocks/commerce/catalogueApi';
import { useApiData, isNotFound } from '../../../blocks/commerce/useApiData';
import { Price } from '../../../blocks/commerce/Price';
import { ProductCard, ProductGrid } from '../../../blocks/commerce/ProductCard';
import { LOAD_ERROR, ErrorState } from '../../../blocks/commerce/states';
import { RichText } from '../../../blocks/commerce/RichText';
import { useBasket, type BundleChoice } from '../basket/store';
import { useFavouritesEnabled } from '../favourites/enabled';
import { useCurrency } from '../../app/currency';
import { pageOrigin, useCommerceHead } from '../head';
import '../commerce.css';
import { PRODUCT_IMAGE_SIZE } from '../../core/images';
import { ImagePreview } from './ImagePreview';
import { Quantity } from './Quantity';
import { messages } from './productMessages';
import { studioUrlFor } from '../../studio/paths';

/** §9 colour tooltip timings and selector width. */
export const COLOUR_TOOLTIP = { delayMs: 350, timeoutMs: 2000 } as const;
export const COLOURS_PER_ROW = 6;
/** A size with this many or fewer left shows a hint. */
export const LOW_STOCK = 5;
/** §3 Theme product page options: the community section's title unless the theme sets productPage.communityTitle. */
export const COMMUNITY_TITLE = 'From the community';

type Placement = 'aboveSelectors' | 'belowSelectors' | 'belowAddToCart';

/** /product/{product}/{colour?}: images per colour, colour and size selectors with stock, price, add to basket. */
export function ProductPage() {
  const { product: key = '', colour: colourParam } = useParams();
  const divisionId = useStore().state.subdomain.division.id;
  const result = useApiData<ProductDetail>(catalogueApi.product(divisionId, key));
  if (result.status === 'loading') return <div className="shop" role="status" aria-label="Loading product" />;
  if (result.status === 'error') {
    return (
      <div className="shop">
        {isNotFound(result.error) ? (
          <ProductNotFound />
        ) : (
          <ErrorState message={LOAD_ERROR} onRetry={result.retry} />
        )}
      </div>
    );
  }
  return <ProductView key={result.data.id} product={result.data} colourParam={colourParam ? decodeURIComponent(colourParam) : null} />;
}

function ProductView({ product, colourParam }: { product: ProductDetail; colourParam: string | null }) {
  const store = useStore();
  const theme = store.state.subdomain.theme.properties;
  const navigate = useNavigate();
  const basket = useBasket();
  const favouritesEnabled = useFavouritesEnabled();
  const { storeCode, formatPrice } = useCurrency();
  // The picture always shows a colour, so a colour is always chosen: the address's, else §3 defaultColour, else the first.
  const [colour, setColour] = useState<string | null>(() => initialColour(product.options, colourParam, product.defaultColour));
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewOpener = useRef<HTMLButtonElement>(null);
  // `item`: the bundle item a choice message is about (shown beside its selectors).
  // Only the choice a shopper still has to make shows here, beside the buttons; results go to the snackbar.
  const [message, setMessage] = useState<{ text: string; error: boolean; item?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  // A bundle: the colour and size chosen per bundle item (by its id).
  const [choices, setChoices] = useState<Record<number, { colour: string | null; size: string | null }>>(() =>
    Object.fromEntries(product.bundleItems.map((item) => [item.id, { colour: initialColour(item.options, null, item.defaultColour), size: null }])),
  );
  const bundle = product.isBundle ? product.bundleItems.map((item) => ({ item, ...bundleChoiceOf(item, choices[item.id]) })) : [];
  const buyable = !product.isBundle || productInStock(product);

  const option = product.options.find((o) => o.colourName === colour);
  const images = option && option.images.length > 0 ? option.images : product.images;
  const image = images[Math.min(imageIndex, images.length - 1)];
  const sizes = option?.sizes ?? [];
  const chosenSize = sizes.find((s) => s.size === size);
  // A bundle: as many whole sets as the chosen sizes allow.
  const bundleMax = bundle.reduce((max, b) => (b.stock ? Math.min(max, Math.floor(b.stock.quantity / b.item.quantity)) : max), 99);
  const maxQuantity = product.isBundle ? Math.max(1, bundleMax) : chosenSize ? Math.max(1, chosenSize.quantity) : 99;

  useCommerceHead(productScreen(pageOrigin(), product, { colour: colourParam, currency: storeCode, today: new Date() }));

  const chooseColour = (name: string) => {
    setColour(name);
    setImageIndex(0);
    setMessage(null);
    const stillThere = product.options.find((o) => o.colourName === name)?.sizes.find((s) => s.size === size);
    if (!stillThere || stillThere.quantity <= 0) setSize(null);
    void navigate(productHref(product.urlName, name), { replace: true, preventScrollReset: true });
  };

  const chooseForItem = (item: BundleItemDetail, change: { colour: string } | { size: string }) => {
    setMessage(null);
    setChoices((all) => {
      const current = all[item.id] ?? { colour: null, size: null };
      if ('size' in change) return { ...all, [item.id]: { ...current, size: change.size } };
      // A new colour keeps the size when that colour has it in stock.
      const still = item.options.find((o) => o.colourName === change.colour)?.sizes.find((s) => s.size === current.size);
      return { ...all, [item.id]: { colour: change.colour, size: still && still.quantity >= item.quantity ? current.size : null } };
    });
  };

  const add = async (list: 'main' | 'favourites') => {
    if (!colour && product.options.length > 1) return setMessage({ text: messages.selectColour, error: true });
    if (list === 'main' && !size && sizes.length > 0) return setMessage({ text: messages.selectSize, error: true });
    let bundleOptions: BundleChoice[] | undefined;
    if (list === 'main' && product.isBundle) {
      // Every item needs its colour and size (§5.1 messages, shown beside the item that lacks one).
      for (const b of bundle) {
        if (!b.colour) return setMessage({ text: messages.selectColour, error: true, item: b.item.id });
        if (!b.size) return setMessage({ text: messages.selectSize, error: true, item: b.item.id });
      }
      bundleOptions = bundle.map((b) => ({ bundleItemId: b.item.id, productColor: b.colour!, productSize: b.size! }));
    }
    setBusy(true);
    setMessage(null);
    try {
      await basket.add({ productUrl: product.urlName, productColor: colour, productSize: size, quantity: list === 'main' ? quantity : undefined }, list, bundleOptions);
      snackbar.push(
        list === 'main'
          ? { code: `basket-added:${product.urlName}`, text: messages.added, kind: 'success', link: { text: 'View basket', href: '/basket/' } }
          : { code: `favourited:${product.urlName}`, text: messages.favourited, kind: 'success' },
      );
    } catch (error) {
      // §8: a product that is gone reads "no longer available"; stock and choice problems keep the server's words.
      const text = error instanceof ApiError && error.status === 422 ? error.message : messages.unavailable;
      snackbar.push({ code: `basket-failed:${text}`, text, kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const placement = (theme['productPage.descriptionPlacement'] as Placement | undefined) ?? 'aboveSelectors';
  const description = <Description html={product.description} wordLimit={Number(theme['productPage.descriptionWordLimit'] ?? 0)} />;
  const thumbnails = (theme['productPage.thumbnails'] as string | undefined) ?? 'grid';
  const showQuantity = theme['productPage.quantitySelector'] !== false;

  return (
    <div className="shop">
      <Breadcrumbs
        items={[
          HOME_CRUMB,
          ...(product.collections[0] ? [{ type: 'collection' as const, text: product.collections[0].name, href: collectionHref(product.collections[0].urlName) }] : []),
          { type: 'product', text: product.name, href: productHref(product.urlName) },
        ]}
      />
      <div className="product">
        <div className="product__media">
          {image ? (
            <button ref={previewOpener} type="button" className="product__zoom" aria-label={`View larger: ${image.alt || product.name}`} onClick={() => setPreviewOpen(true)}>
              <img className="product__main-image" src={image.src} alt={image.alt} width={PRODUCT_IMAGE_SIZE} height={PRODUCT_IMAGE_SIZE} fetchPriority="high" />
            </button>
          ) : (
            <div className="product__main-image" aria-hidden="true" />
          )}
          {previewOpen && (
            <ImagePreview
              images={images}
              start={Math.min(imageIndex, images.length - 1)}
              title={product.name}
              returnFocusTo={previewOpener}
              onClose={(at) => {
                setImageIndex(at);
                setPreviewOpen(false);
              }}
            />
          )}
          {thumbnails !== 'none' && images.length > 1 && (
            <div className={`product__thumbs product__thumbs--${thumbnails}`} role="group" aria-label="Images">
              {images.map((img, i) => (
                <button key={img.src + i} type="button" aria-pressed={i === imageIndex} aria-label={`Image ${i + 1}`} onClick={() => setImageIndex(i)}>
                  <img src={img.src} alt="" loading="lazy" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="product__details">
          <h1>{product.name}</h1>
          <p className="product__price">
            <Price price={product.price} salePrice={product.salePrice} />
          </p>
          {product.isBundle && <BundleSaving product={product} formatPrice={formatPrice} />}
          {placement === 'aboveSelectors' && description}
          {product.options.length > 1 && (
            <Section label={`Colour${colour ? `: ${colour}` : ''}`}>
              <ColourSelector options={product.options.map((o) => ({ text: o.colourName, value: o.colourValue }))} selected={colour} onSelect={chooseColour} />
            </Section>
          )}
          {sizes.length > 0 && (
            <Section label="Size">
              <SizeSelector
                sizes={sizes}
                selected={size}
                onSelect={(s) => {
                  setSize(s.size);
                  setQuantity((q) => Math.min(q, s.quantity));
                  setMessage(null);
                }}
              />
              {chosenSize && chosenSize.quantity <= LOW_STOCK && <p className="product__stock-hint">Only {chosenSize.quantity} left in this size</p>}
            </Section>
          )}
          {product.isBundle && (
            <div className="bundle" role="group" aria-label={`In the ${product.name}`}>
              <p className="product__label">In this set</p>
              {bundle.map((b) => (
                <BundleItemChoice
                  key={b.item.id}
                  item={b.item}
                  colour={b.colour}
                  size={b.size}
                  message={message?.item === b.item.id ? message.text : null}
                  onColour={(name) => chooseForItem(b.item, { colour: name })}
                  onSize={(s) => {
                    chooseForItem(b.item, { size: s.size });
                    setQuantity((q) => Math.max(1, Math.min(q, Math.floor(s.quantity / b.item.quantity))));
                  }}
                />
              ))}
            </div>
          )}
          {placement === 'belowSelectors' && description}
          <div className="product__actions">
            {showQuantity && <Quantity value={quantity} max={maxQuantity} onChange={setQuantity} />}
            <button type="button" className="shop-button" disabled={busy || !product.enableAddToCart || !buyable} onClick={() => void add('main')}>
              Add to basket
            </button>
            {product.customiseIt && (
              <Link className="shop-button shop-button--secondary" to={studioUrlFor(product.urlName)}>
                Customise it
              </Link>
            )}
            {favouritesEnabled && (
              <button type="button" className="shop-button shop-button--secondary" disabled={busy} onClick={() => void add('favourites')}>
                Add to favourites
              </button>
            )}
          </div>
          {!buyable && (
            <p className="shop__message shop__message--error" role="status">
              {product.bundleItems.some((i) => !i.available) ? messages.unavailable : messages.soldOut}
            </p>
          )}
          {message && message.item === undefined && (
            <p className={`shop__message${message.error ? ' shop__message--error' : ''}`} role={message.error ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}
          {placement === 'belowAddToCart' && description}
          {product.creator && (
            <p>
              Artwork by <Link to={creatorHref(product.creator.urlName)}>{product.creator.name}</Link>
            </p>
          )}
          {product.collections[0] && (
            <p>
              More in <Link to={collectionHref(product.collections[0].urlName)}>{product.collections[0].name}</Link>
            </p>
          )}
        </div>
      </div>
      <Community images={product.ugcImages} title={(theme['productPage.communityTitle'] as string | undefined) || COMMUNITY_TITLE} />
      {product.collections[0] && <CrossSells collection={product.collections[0].urlName} exclude={product.id} />}
    </div>
  );
}

/** The colour a product opens in: the one named in the address, else its default colour, else its first. */
export function initialColour(options: { colourName: string }[], fromAddress: string | null, defaultColour: string | null): string | null {
  const named = (name: string | null) => (name ? options.find((o) => o.colourName.toLowerCase() === name.toLowerCase()) : undefined);
  return (named(fromAddress) ?? named(defaultColour) ?? options[0])?.colourName ?? null;
}

/** The server answers this address with 404 and the same head. */
function ProductNotFound() {
  useCommerceHead(notFoundScreen('product', useLocation().pathname));
  return (
    <>
      <h1>{NOT_FOUND_TITLES.product}</h1>
      <p>{messages.unavailable}</p>
    </>
  );
}

/** §3 ugcImages: shoppers' photos of the product under the theme's community title; nothing without photos. */
function Community({ images, title }: { images: ImageRef[]; title: string }) {
  if (images.length === 0) return null;
  return (
    <section className="product__community" aria-labelledby="community-title">
      <h2 id="community-title">{title}</h2>
      <ul className="community-grid" aria-labelledby="community-title">
        {images.map((img, i) => (
          <li key={img.src + i}>
            <img src={img.src} alt={img.alt} loading="lazy" width={600} height={600} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="product__section">
      <p className="product__label">{label}</p>
      {children}
    </div>
  );
}

/** §3 productPage.descriptionWordLimit: longer descriptions are cut with "Read more" (0: no limit). */
function Description({ html, wordLimit }: { html: string; wordLimit: number }) {
  const [open, setOpen] = useState(false);
  const words = plainText(html).split(' ');
  if (wordLimit > 0 && words.length > wordLimit && !open) {
    return (
      <div className="product__description">
        <p>
          {words.slice(0, wordLimit).join(' ')}…{' '}
          <button type="button" className="shop-link-button" onClick={() => setOpen(true)}>
            Read more
          </button>
        </p>
      </div>
    );
  }
  return <RichText className="product__description" html={/<[a-z]/i.test(html) ? html : `<p>${html.replace(/</g, '&lt;')}</p>`} />;
}

/** "Bought separately £40.00 — you save £5.00" when the set costs less than its items. */
function BundleSaving({ product, formatPrice }: { product: ProductDetail; formatPrice: (minor: number) => string }) {
  const separately = bundleItemsPrice(product.bundleItems);
  const price = product.onSale && product.salePrice !== null ? product.salePrice : product.price;
  if (separately <= price) return null;
  return (
    <p className="product__saving">
      Bought separately {formatPrice(separately)} — <strong>you save {formatPrice(separately - price)}</strong>
    </p>
  );
}

/**
 * A bundle item's colour and size as chosen, with the size's stock; a colour with one size in stock (a tote's
 * "One Size") needs no choice.
 */
function bundleChoiceOf(item: BundleItemDetail, choice: { colour: string | null; size: string | null } | undefined) {
  const colour = choice?.colour ?? null;
  const sizes = item.options.find((o) => o.colourName === colour)?.sizes ?? [];
  const only = sizes.length === 1 && sizes[0]!.quantity >= item.quantity ? sizes[0]!.size : null;
  const size = choice?.size ?? only;
  return { colour, size, sizes, stock: sizes.find((s) => s.size === size) ?? null };
}

/** One item of a bundle: its picture in the chosen colour, and the same colour and size selectors as any product. */
function BundleItemChoice({
  item,
  colour,
  size,
  message,
  onColour,
  onSize,
}: {
  item: BundleItemDetail;
  colour: string | null;
  size: string | null;
  message: string | null;
  onColour: (name: string) => void;
  onSize: (size: SizeStock) => void;
}) {
  const option = item.options.find((o) => o.colourName === colour);
  const image = option?.images[0] ?? item.image;
  const sizes = option?.sizes ?? [];
  const chosen = sizes.find((s) => s.size === size);
  const inStock = bundleItemInStock(item);
  return (
    <section className="bundle-item" aria-label={item.name}>
      {image ? <img className="bundle-item__image" src={image.src} alt={image.alt} width={96} height={96} /> : <span className="bundle-item__image" aria-hidden="true" />}
      <div className="bundle-item__choices">
        <p className="bundle-item__name">
          {item.quantity > 1 && `${item.quantity} × `}
          <Link to={productHref(item.urlName, colour)}>{item.name}</Link>
          {!item.available ? <span className="bundle-item__note"> · No longer available</span> : !inStock && <span className="bundle-item__note"> · Sold out</span>}
        </p>
        {item.options.length > 1 && (
          <>
            <p className="bundle-item__label">Colour{colour ? `: ${colour}` : ''}</p>
            <ColourSelector label={`Colour of ${item.name}`} options={item.colours} selected={colour} onSelect={onColour} />
          </>
        )}
        {sizes.length > 0 && (
          <>
            <p className="bundle-item__label">Size{size ? `: ${size}` : ''}</p>
            <SizeSelector label={`Size of ${item.name}`} sizes={sizes} selected={size} need={item.quantity} onSelect={onSize} />
          </>
        )}
        {chosen && chosen.quantity <= LOW_STOCK && <p className="product__stock-hint">Only {chosen.quantity} left in this size</p>}
        {message && (
          <p className="shop__message shop__message--error" role="alert">
            {message}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * Keyboard use of a radio group drawn with buttons (WAI-ARIA radio group): one Tab stop (the chosen radio, else the
 * first enabled one); arrow keys, Home and End move the choice to the next enabled radio.
 */
function radioGroupKeys(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: 0, End: 0 }[event.key];
  if (step === undefined) return;
  const radios = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)')];
  if (radios.length === 0) return;
  event.preventDefault();
  const current = radios.indexOf(document.activeElement as HTMLButtonElement);
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? radios.length - 1 : (Math.max(current, 0) + step + radios.length) % radios.length;
  radios[next]!.focus();
  radios[next]!.click();
}

/** The radio that takes the group's Tab stop. */
const tabStop = <T,>(items: T[], isChosen: (item: T) => boolean, isEnabled: (item: T) => boolean) => {
  const chosen = items.findIndex((item) => isChosen(item) && isEnabled(item));
  return chosen >= 0 ? chosen : items.findIndex(isEnabled);
};

/** The size selector: a radio per size; a size with fewer than `need` left shows disabled as out of stock. */
export function SizeSelector({
  sizes,
  selected,
  onSelect,
  label = 'Size',
  need = 1,
}: {
  sizes: SizeStock[];
  selected: string | null;
  onSelect: (size: SizeStock) => void;
  label?: string;
  need?: number;
}) {
  const stop = tabStop(sizes, (s) => s.size === selected, (s) => s.quantity >= need);
  return (
    <div className="size-selector" role="radiogroup" aria-label={label} onKeyDown={radioGroupKeys}>
      {sizes.map((s, i) => (
        <button
          key={s.size}
          type="button"
          role="radio"
          tabIndex={i === stop ? 0 : -1}
          aria-checked={s.size === selected}
          disabled={s.quantity < need}
          aria-label={s.quantity < need ? `${s.size} (out of stock)` : s.size}
          onClick={() => onSelect(s)}
        >
          {s.size}
        </button>
      ))}
    </div>
  );
}

/** §9 colour selector: 6 per row; the colour name shows as a tooltip 350 ms after hover/focus, for 2000 ms. */
export function ColourSelector({
  options,
  selected,
  onSelect,
  label = 'Colour',
}: {
  options: { text: string; value: string }[];
  selected: string | null;
  onSelect: (text: string) => void;
  label?: string;
}) {
  const [tip, setTip] = useState<string | null>(null);
  const timers = useRef<number[]>([]);
  const clear = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };
  useEffect(() => clear, []);
  const show = (text: string) => {
    clear();
    timers.current.push(
      window.setTimeout(() => {
        setTip(text);
        timers.current.push(window.setTimeout(() => setTip(null), COLOUR_TOOLTIP.timeoutMs));
      }, COLOUR_TOOLTIP.delayMs),
    );
  };
  const hide = () => {
    clear();
    setTip(null);
  };
  const stop = tabStop(options, (o) => o.text === selected, () => true);
  return (
    <div className="colour-selector" role="radiogroup" aria-label={label} onKeyDown={radioGroupKeys} style={{ gridTemplateColumns: `repeat(${COLOURS_PER_ROW}, 2.5rem)` }}>
      {options.map((o, i) => (
        <span className="colour-selector__item" key={o.text}>
          <button
            type="button"
            role="radio"
            className="colour-selector__swatch"
            style={{ background: o.value }}
            aria-label={o.text}
            aria-checked={o.text === selected}
            tabIndex={i === stop ? 0 : -1}
            onClick={() => onSelect(o.text)}
            onMouseEnter={() => show(o.text)}
            onMouseLeave={hide}
            onFocus={() => show(o.text)}
            onBlur={hide}
          />
          {tip === o.text && (
            <span className="colour-selector__tooltip" role="tooltip">
              {o.text}
            </span>
          )}
        </span>
      ))}
    </div>
  );
}

/** Other products of the product's collection. */
function CrossSells({ collection, exclude }: { collection: string; exclude: number }) {
  const divisionId = useStore().state.subdomain.division.id;
  const result = useApiData<Paginated<ProductSummary>>(catalogueApi.products(divisionId, { collection, limit: 5 }));
  const others = result.status === 'ready' ? result.data.data.filter((p) => p.id !== exclude).slice(0, 4) : [];
  if (others.length === 0) return null;
  return (
    <section className="product__cross-sells" aria-labelledby="cross-sells-title">
      <h2 id="cross-sells-title">You might also like</h2>
      <ProductGrid label="You might also like">
        {others.map((p) => (
          <ProductCard key={p.id} product={p} ratio={1.026} />
        ))}
      </ProductGrid>
    </section>
  );
}
