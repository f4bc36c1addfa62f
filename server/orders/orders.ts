import type { Queryable } from '../db/database';
import { escapeHtml, queueMail } from '../services/mail';
import { layout, mailBrandOf } from './mailBrand';
import type { ThemeService } from '../themes';
import { formatMoney } from '../../src/core/currency';
import { ORDER_STATUS_LABELS, isOrderStatus, isPayableStatus, orderProgress, progressKind } from '../../src/core/orderLifecycle';
import { STANDARD_VAT_RATE, vatRateOf, type VatLine } from './pricing';
import type { OrderView } from '../../src/core/api/orders';
import { customerHashOfOrder } from './orderHistory';
import { addressRefusal, editRefusal } from './orderEditWindows';

type Row = Record<string, unknown>;

/** The receipt/invoice data of an order by its unguessable hash, or null. */
export async function loadOrderView(db: Queryable, hash: string): Promise<OrderView | null> {
  const { rows } = await db.query<Row>(
    `select o.*, exists (select 1 from factory_labels f where f.order_id = o.id) as on_floor, coalesce(c.name, d.name) as company_name, d.active_domain_name, sm.name as shipping_method_name
     from orders o join divisions d on d.id = o.division_id left join companies c on c.id = d.company_id
     left join shipping_methods sm on sm.code = o.shipping_method
     where o.hash = $1`,
    [hash],
  );
  const o = rows[0];
  if (!o) return null;
  const id = o.id as number;
  const [items, logs, attempts, tracking] = await Promise.all([
    db.query<Row>('select * from order_items where order_id = $1 order by position, id', [id]),
    db.query<Row>('select status, created_at from order_status_logs where order_id = $1 order by id', [id]),
    db.query<Row>('select message, is_successful, payment_method_name, created_at from payment_attempts where order_id = $1 order by id', [id]),
    db.query<Row>('select code, carrier, created_at from tracking_codes where order_id = $1 order by id', [id]),
  ]);
  const status = o.status as string;
  const kind = progressKind({ status, history: logs.rows.map((l) => l.status as string), fulfilmentFactory: o.fulfilment_factory as string });
  // A bundle's component items (parent_item_id) are shown inside their bundle, never as lines of their own.
  const childrenOf = new Map<number, Row[]>();
  for (const i of items.rows) {
    if (i.parent_item_id === null || i.parent_item_id === undefined) continue;
    childrenOf.set(i.parent_item_id as number, [...(childrenOf.get(i.parent_item_id as number) ?? []), i]);
  }
  const lineItems = items.rows
    .filter((i) => i.parent_item_id === null || i.parent_item_id === undefined)
    .map((i) => {
      const children = childrenOf.get(i.id as number);
      const options = (i.options as { colour?: string | null; size?: string | null }) ?? {};
      return {
        name: i.name as string,
        sku: i.sku as string,
        options,
        quantity: i.quantity as number,
        unitPrice: i.price as number,
        lineTotal: (i.price as number) * (i.quantity as number),
        tax: i.tax as number,
        discount: i.discount as number,
        vatRate: Math.round(vatRateOf(Number(i.vat_rate)) * 10000) / 100,
        ...(children
          ? {
              components: children.map((c) => {
                const chosen = (c.options as { colour?: string | null; size?: string | null }) ?? {};
                return {
                  name: c.name as string,
                  sku: c.sku as string,
                  colour: chosen.colour ?? null,
                  size: chosen.size ?? null,
                  // Stored for the whole line (what stock release reads); shown per bundle.
                  quantity: Math.round((c.quantity as number) / (i.quantity as number)),
                };
              }),
            }
          : {}),
      };
    });
  const shipping = o.shipping as number;
  const shippingTax = o.shipping_tax as number;
  const vat = new Map<number, VatLine>();
  const add = (rate: number, gross: number, tax: number) => {
    const row = vat.get(rate) ?? { rate, net: 0, vat: 0, gross: 0 };
    row.gross += gross;
    row.vat += tax;
    row.net = row.gross - row.vat;
    vat.set(rate, row);
  };
  for (const item of lineItems) add(item.vatRate, item.lineTotal - item.discount, item.tax);
  if (shipping + shippingTax > 0) add(STANDARD_VAT_RATE * 100, shipping + shippingTax, shippingTax);
  return {
    hash: o.hash as string,
    number: id,
    status,
    statusLabel: isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status,
    progress: orderProgress(status, kind),
    progressKind: kind,
    payable: isPayableStatus(status),
    // Issue #15: what an edit left to pay (/pay/), and whether the items / the address may still change.
    balanceDue: (o.balance_due as number | undefined) ?? 0,
    canEdit: editRefusal(status, (o.on_floor as boolean | undefined) ?? false) === null,
    canUpdateAddress: addressRefusal(status, logs.rows.map((l) => l.status as string)) === null,
    createdAt: new Date(o.created_at as string).toISOString(),
    email: o.email as string,
    currency: o.currency as string,
    couponCode: (o.coupon_code as string | null) ?? null,
    items: lineItems,
    totals: {
      itemsIncTax: lineItems.reduce((sum, i) => sum + i.lineTotal, 0),
      discountIncTax: lineItems.reduce((sum, i) => sum + i.discount, 0),
      shippingIncTax: shipping + shippingTax,
      subtotal: o.subtotal as number,
      discount: o.discount as number,
      shipping,
      shippingTax,
      goodsTax: o.goods_tax as number,
      tax: (o.goods_tax as number) + shippingTax,
      total: o.total as number,
    },
    vat: [...vat.values()].sort((a, b) => b.rate - a.rate),
    shippingAddress: o.shipping_address as OrderView['shippingAddress'],
    billingAddress: o.billing_address as OrderView['billingAddress'],
    shippingMethod: { code: o.shipping_method as string, name: (o.shipping_method_name as string | null) ?? (o.shipping_method as string) },
    paymentMethod: o.payment_method as string,
    seller: { name: o.company_name as string, domain: (o.active_domain_name as string | null) ?? null },
    statusLog: logs.rows.map((l) => ({ status: l.status as string, createdAt: new Date(l.created_at as string).toISOString() })),
    paymentAttempts: attempts.rows.map((a) => ({
      message: a.message as string,
      isSuccessful: a.is_successful as boolean,
      paymentMethodName: a.payment_method_name as string,
      createdAt: new Date(a.created_at as string).toISOString(),
    })),
    trackingCodes: tracking.rows.map((t) => ({ code: t.code as string, carrier: (t.carrier as string | null) ?? null, createdAt: new Date(t.created_at as string).toISOString() })),
  };
}

/** Where an order mail's links point and the theme service that gives it the store's colours. */
export interface MailLinks {
  origin: string | null;
  themes?: ThemeService | null;
}

/** The order confirmation mail (items and totals), queued in the transaction that marks the order paid. */
export async function queueOrderConfirmation(tx: Queryable, hash: string, mail: MailLinks): Promise<void> {
  const order = await loadOrderView(tx, hash);
  if (!order) return;
  const origin = mail.origin;
  const divisionId = (await tx.query<{ division_id: number }>('select division_id from orders where hash = $1', [hash])).rows[0]!.division_id;
  const brand = await mailBrandOf({ db: tx, themes: mail.themes }, divisionId, origin);
  const money = (minor: number) => formatMoney(minor, order.currency);
  const receiptUrl = `${origin ?? ''}/receipt/${order.hash}`;
  const historyUrl = `${origin ?? ''}/order-history/${await customerHashOfOrder(tx, hash)}`;
  const chosen = (colour?: string | null, size?: string | null) => ([colour, size].filter(Boolean).length ? ` (${[colour, size].filter(Boolean).join(', ')})` : '');
  // A bundle lists what was chosen for each of its items under its line.
  const rows = order.items.map((i) => ({
    line: `${i.quantity} × ${i.name}${chosen(i.options.colour, i.options.size)} — ${money(i.lineTotal)}`,
    parts: (i.components ?? []).map((c) => `${c.quantity > 1 ? `${c.quantity} × ` : ''}${c.name}${chosen(c.colour, c.size)}`),
  }));
  const totals: [string, string][] = [
    ['Items', money(order.totals.itemsIncTax)],
    ...(order.totals.discountIncTax > 0 ? [[`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `−${money(order.totals.discountIncTax)}`] as [string, string]] : []),
    [`Shipping (${order.shippingMethod.name})`, money(order.totals.shippingIncTax)],
    ['Total', money(order.totals.total)],
    ['Includes VAT', money(order.totals.tax)],
  ];
  const text = [
    `Thank you for your order from ${order.seller.name}!`,
    '',
    `Order #${order.number}`,
    ...rows.flatMap((r) => [r.line, ...r.parts.map((p) => `    ${p}`)]),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    `Receipt: ${receiptUrl}`,
    `Your orders: ${historyUrl}`,
  ].join('\n');
  const body = `<p>Order #${order.number} from ${escapeHtml(order.seller.name)}</p><ul>${rows
    .map((r) => `<li>${escapeHtml(r.line)}${r.parts.length ? `<ul>${r.parts.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>` : ''}</li>`)
    .join('')}</ul><table>${totals.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td align="right">${escapeHtml(v)}</td></tr>`).join('')}</table><p><a href="${escapeHtml(historyUrl)}">Your orders</a></p>`;
  const html = layout(brand, 'Thank you for your order', body, { label: 'View your receipt', href: receiptUrl });
  await queueMail(tx, { to: order.email, subject: `Your order #${order.number} from ${order.seller.name}`, text, html });
}
