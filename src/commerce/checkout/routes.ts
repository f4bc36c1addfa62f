import type { RouteObject } from 'react-router';

type RouteFactory = (id: string, path: string, layout: string, lazy: RouteObject['lazy']) => RouteObject;

/** Lazy routes of checkout and payment: checkout and pay in the cart layout, the receipt, the shopper's order history, and the printable invoice (blank layout). */
export function checkoutRouteList(route: RouteFactory): RouteObject[] {
  return [
    route('commerce:checkout', '/checkout/', 'cart', async () => ({ Component: (await import('./CheckoutPage')).CheckoutPage })),
    route('commerce:pay', '/pay/:order/', 'cart', async () => ({ Component: (await import('../orders/PayPage')).PayPage })),
    route('commerce:receipt', '/receipt/:orderHash', 'cart', async () => ({ Component: (await import('../orders/ReceiptPage')).ReceiptPage })),
    route('commerce:order-history', '/order-history/:customerHash?', 'standard', async () => ({ Component: (await import('../orders/OrderHistoryPage')).OrderHistoryPage })),
    route('commerce:returns', '/returns/:orderHash?', 'standard', async () => ({ Component: (await import('../orders/ReturnsPage')).ReturnsPage })),
    route('commerce:invoice', '/invoice/:orderHash', 'blank', async () => ({ Component: (await import('../orders/InvoicePage')).InvoicePage })),
    route('commerce:edit-order', '/edit-order/:orderHash?', 'standard', async () => ({ Component: (await import('../orders/EditOrderPage')).EditOrderPage })),
    // Bespoke orders: the short quote form, and the multi-step quote that is also the customer's quote page.
    route('commerce:get-a-quote', '/get-a-quote/', 'standard', async () => ({ Component: (await import('../quotes/GetAQuotePage')).GetAQuotePage })),
    route('commerce:advanced-quote', '/advanced-quote/:order?/', 'standard', async () => ({ Component: (await import('../quotes/AdvancedQuotePage')).AdvancedQuotePage })),
    route('commerce:update-address', '/update-address/:orderHash?', 'standard', async () => ({ Component: (await import('../orders/UpdateAddressPage')).UpdateAddressPage })),
  ];
}
