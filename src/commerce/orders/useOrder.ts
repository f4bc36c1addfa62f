import { useEffect, useState } from 'react';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { checkoutApi } from '../checkout/checkoutApi';
import type { OrderView } from '../../core/api/orders';

export const ORDER_NOT_FOUND = 'We could not find this order.';

/** Loads an order by hash; `reload` fetches it again. */
export function useOrder(hash: string | undefined) {
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!hash) return;
    let stale = false;
    checkoutApi.order(hash).then(
      (o) => !stale && setOrder(o),
      (e: unknown) => !stale && setError(e instanceof ApiError && e.status === 404 ? ORDER_NOT_FOUND : GENERIC_ERROR),
    );
    return () => {
      stale = true;
    };
  }, [hash, version]);
  return { order, error, reload: () => setVersion((v) => v + 1) };
}
