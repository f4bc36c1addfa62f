import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { snackbar, snackError } from '../../app/Snackbar';
import { errorText } from '../../auth/form/serverErrors';
import { BasketLine } from '../basket/BasketLine';
import { itemOf, useBasket } from '../basket/store';
import { useCurrency } from '../../app/currency';
import { useFavouritesEnabled } from './enabled';
import { fireConfetti } from './confetti';
import { useCommerceHead } from '../head';
import '../commerce.css';

export const NONE_ADDED = 'No items were added to basket';

/** /favourites/: the favourites list (§4), move to basket, remove, recover from a link (?br=) and email for later. */
export function FavouritesPage() {
  const enabled = useFavouritesEnabled();
  const basket = useBasket();
  const { formatPrice } = useCurrency();
  const [params, setParams] = useSearchParams();
  // The email form's own failure stays beside it; every other result is a transient snackbar message.
  const [emailError, setEmailError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  useCommerceHead({ title: 'Favourites', noindex: true });
  const { items } = basket.favourites;

  // A recover link (§7 favourites/recover {br}) copies the shared favourites into this browser's list.
  const br = params.get('br');
  useEffect(() => {
    if (!br) return;
    basket.recoverFavourites(br).then(
      () => setParams({}, { replace: true }),
      (e: unknown) => snackError(e, 'favourites-recover'),
    );
    // once per link
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [br]);

  // §4: confetti when the list becomes empty (not when it was empty to begin with).
  const previous = useRef(items.length);
  useEffect(() => {
    if (previous.current > 0 && items.length === 0) fireConfetti();
    previous.current = items.length;
  }, [items.length]);

  const run = async (action: () => Promise<string | undefined | void>, onError: (e: unknown) => void = (e) => snackError(e, 'favourites')) => {
    setBusy(true);
    setEmailError(null);
    try {
      const text = await action();
      if (text) snackbar.push({ code: `favourites:${text}`, text, kind: 'success' });
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };

  const moveToBasket = () =>
    run(async () => {
      const answer = await basket.bulkAdd(items.map(itemOf), 'main');
      // Favourites now in the basket (same product, colour and size → same key) leave the list.
      const inBasket = new Set(answer.items.map((i) => i.key));
      for (const item of items) if (inBasket.has(item.key)) await basket.remove(item.key, 'favourites').catch(() => undefined);
      return answer.message ?? 'Moved to basket';
    });

  const emailForLater = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => basket.emailFavourites(email),
      (error) => setEmailError(errorText(error)),
    );
  };

  if (!enabled) {
    return (
      <div className="shop">
        <h1>Favourites</h1>
        <p>Favourites are not available in this store yet.</p>
      </div>
    );
  }
  return (
    <div className="shop favourites">
      <h1>Favourites</h1>
      {!basket.loaded.favourites ? null : items.length === 0 ? (
        <p>You have no favourites yet.</p>
      ) : (
        <>
          <ul className="basket__lines" aria-label="Favourite items">
            {items.map((item) => (
              <BasketLine
                key={item.key}
                item={item}
                meta={[item.options.colour, item.options.size ?? 'Choose a size on the product page'].filter(Boolean).join(' / ')}
                price={formatPrice(item.priceIncTax)}
              >
                <button type="button" className="shop-link-button" disabled={busy} onClick={() => void run(() => basket.remove(item.key, 'favourites').then(() => undefined))} aria-label={`Remove ${item.name} from favourites`}>
                    Remove
                  </button>
              </BasketLine>
            ))}
          </ul>
          <div className="basket__summary">
            <button type="button" className="shop-button" disabled={busy} onClick={() => void moveToBasket()}>
              Move to basket
            </button>
          </div>
          <form className="favourites__email" onSubmit={emailForLater}>
            <label htmlFor="favourites-email">Email me my favourites for later</label>
            <input id="favourites-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required aria-invalid={emailError ? true : undefined} aria-describedby={emailError ? 'favourites-email-error' : undefined} />
            <button type="submit" className="shop-button shop-button--secondary" disabled={busy}>
              Send
            </button>
            {emailError && (
              <p id="favourites-email-error" className="shop__message shop__message--error" role="alert">
                {emailError}
              </p>
            )}
          </form>
        </>
      )}
    </div>
  );
}
