import type { RouteObject } from 'react-router';

type RouteFactory = (id: string, path: string, layout: string, lazy: RouteObject['lazy']) => RouteObject;

/** Lazy routes of checkout and payment: checkout and pay in the cart layout, the receipt, the shopper's order history, and the printable invoice (blank layout). */
export function checkoutRouteList(route: RouteFactory): RouteObject[] {
  return [
    route('commerce:checkout', '/checkout/', 'cart', async () => ({ Component: (await import('./CheckoutPage')).CheckoutPage })),
    route('commerce:pay', '/pay/:order/', 'cart', async () => ({ Component: (await import('../orders/PayPage')).PayPage })),
    route('commerce:receipt', '/receipt/:orderHash', 'cart', async () => ({ Component: (await import('../orders/ReceiptPage')).ReceiptPage })),
    route('commerce:order-history', '/order-history/:customerHash?', 'standard', async () => ({ Component: (await import('../orders/OrderHistoryPage')).OrderHistoryPage })),
    route('commerce:invoice', '/invoice/:orderHash', 'blank', async () => ({ Component: (await import('../orders/InvoicePage')).InvoicePage })),
  ];
}
