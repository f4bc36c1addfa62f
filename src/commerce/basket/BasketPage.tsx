import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { BasketLine } from './BasketLine';
import { useBasket } from './store';
import { BASKET_NOTICE, conversionLowersTotal } from '../../core/currency';
import { useCurrency } from '../../app/currency';
import { Quantity } from '../catalogue/Quantity';
import { useCommerceHead } from '../head';
import { checkoutApi } from '../checkout/checkoutApi';
import { DeliveryNote } from '../checkout/DeliveryNote';
import type { QuoteView } from '../../core/api/orders';
import { studioEditUrl } from '../../studio/paths';
import '../commerce.css';

/** /basket/ (cart layout): lines with quantity steppers, totals from the server, and the way to checkout. */
export function BasketPage() {
  const basket = useBasket();
  const { formatPrice, code, storeCode, rates } = useCurrency();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);
  useCommerceHead({ title: 'Basket', noindex: true });
  const { items } = basket.main;
  // Delivery is priced on the server for the store's home zone until checkout knows the address.
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const lineKey = items.map((i) => `${i.key}:${i.quantity}`).join(',');
  useEffect(() => {
    if (!lineKey) return;
    let stale = false;
    checkoutApi.quote({}).then(
      (q) => !stale && setQuote(q),
      () => !stale && setQuote(null),
    );
    return () => {
      stale = true;
    };
  }, [lineKey]);
  const standard = quote?.shippingMethods.find((m) => m.code === quote.shippingMethod);

  // §9 basket notice: after 500 ms, for 10 s, when the conversion lowers the basket total (see conversionLowersTotal).
  const lowers = conversionLowersTotal(items.map((i) => ({ unitPrice: i.priceIncTax, quantity: i.quantity })), storeCode, code, rates);
  useEffect(() => {
    if (!lowers) return;
    const show = window.setTimeout(() => setNotice(true), BASKET_NOTICE.delayMs);
    const hide = window.setTimeout(() => setNotice(false), BASKET_NOTICE.delayMs + BASKET_NOTICE.durationMs);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
      setNotice(false);
    };
  }, [lowers, code]);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : GENERIC_ERROR);
    }
  };

  if (!basket.loaded.main) return <div className="shop" role="status" aria-label="Loading basket" />;
  return (
    <div className="shop basket">
      <h1>Basket</h1>
      {error && (
        <p className="shop__message shop__message--error" role="alert">
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <div className="basket__empty">
          <p>Your basket is empty.</p>
          <Link className="shop-button" to="/">
            Continue shopping
          </Link>
        </div>
      ) : (
        <>
          <ul className="basket__lines" aria-label="Basket items">
            {items.map((item) => (
              <BasketLine
                key={item.key}
                item={item}
                meta={[[item.options.colour, item.options.size].filter(Boolean).join(' / '), `${formatPrice(item.priceIncTax)} each`].filter(Boolean).join(' · ')}
                price={formatPrice(item.priceIncTax * item.quantity)}
              >
                <Quantity
                    label={`Quantity of ${item.name}`}
                    value={item.quantity}
                    max={item.stock ?? 999}
                    onChange={(n) => void run(() => basket.update(item.key, n))}
                  />{' '}
                  <button type="button" className="shop-link-button" onClick={() => void run(() => basket.remove(item.key))} aria-label={`Remove ${item.name}`}>
                    Remove
                  </button>
                  {item.studioDesign && (
                    <>
                      {' '}
                      <Link className="shop-link-button" to={studioEditUrl(item.productUuid)} aria-label={`Edit the design of ${item.name}`}>
                        Edit design
                      </Link>
                    </>
                  )}
              </BasketLine>
            ))}
          </ul>
          <div className="basket__summary">
            <div>
              <p className="basket__subtotal">
                Subtotal: <strong data-testid="basket-subtotal">{formatPrice(basket.main.subtotal)}</strong>
              </p>
              {standard && quote?.delivery && (
                <p className="basket__delivery">
                  Delivery to {quote.delivery.zone}: <strong data-testid="basket-delivery">{standard.price === 0 ? 'Free' : `from ${formatPrice(standard.price)}`}</strong>
                </p>
              )}
              <DeliveryNote delivery={quote?.delivery} format={formatPrice} />
            </div>
            <Link className="shop-button" to="/checkout/">
              Checkout
            </Link>
          </div>
          {code !== storeCode && <p className="shop__lead">Prices are shown in {code}; you pay in {storeCode}.</p>}
        </>
      )}
      {notice && (
        <div className="basket__notice" role="status">
          {BASKET_NOTICE.text}
        </div>
      )}
    </div>
  );
}
