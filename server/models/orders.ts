/**
 * Order models (§3 Order, Order item, Payment attempt, Status log). A shopper reads only their own orders
 * (orders.user_id is the signed-in user; guest orders are read by hash on the receipt, not here), the store
 * reads its orders, staff every order. Items, attempts and log rows follow the order they belong to.
 */
import { defineModel, toIso, toNumber, visibleFrom } from './types';

export const order = defineModel({
  type: 'order',
  title: 'Order',
  from: 'orders t',
  id: 't.id',
  division: 't.division_id',
  owner: 't.user_id',
  visible: visibleFrom('self'),
  fields: {
    id: { read: 'self', sql: 't.id' },
    hash: { read: 'self', sql: 't.hash' },
    divisionId: { read: 'self', sql: 't.division_id' },
    customerId: { read: 'self', sql: 't.user_id' },
    email: { read: 'self', sql: 't.email' },
    status: { read: 'self', sql: 't.status' },
    currency: { read: 'self', sql: 't.currency' },
    subtotal: { read: 'self', sql: 't.subtotal' },
    shipping: { read: 'self', sql: 't.shipping' },
    shippingTax: { read: 'self', sql: 't.shipping_tax' },
    goodsTax: { read: 'self', sql: 't.goods_tax' },
    discount: { read: 'self', sql: 't.discount' },
    total: { read: 'self', sql: 't.total' },
    coupon: { read: 'self', sql: 't.coupon_code' },
    billingAddress: { read: 'self', sql: 't.billing_address' },
    shippingAddress: { read: 'self', sql: 't.shipping_address' },
    shippingMethod: { read: 'self', sql: 't.shipping_method' },
    paymentMethod: { read: 'self', sql: 't.payment_method' },
    createdAt: { read: 'self', sql: 't.created_at', map: toIso },
    updatedAt: { read: 'self', sql: 't.updated_at', map: toIso },
    paymentProcessor: { read: 'store', sql: 't.payment_processor' },
    // §3 paymentTransaction: the processor's charge id.
    paymentTransaction: { read: 'staff', sql: 't.payment_reference' },
    idempotencyKey: { read: 'staff', sql: 't.idempotency_key' },
    // The basket id is the pod_basket cookie value: a bearer secret.
    basketId: { read: 'never' },
  },
  relations: {
    items: { model: 'order_item', many: true, sql: 'select order_id as parent, id from order_items where order_id = any($1::int[]) order by position, id' },
    paymentAttempts: { model: 'payment_attempt', many: true, sql: 'select order_id as parent, id from payment_attempts where order_id = any($1::int[]) order by id' },
    statusLogRecords: { model: 'status_log', many: true, sql: 'select order_id as parent, id from order_status_logs where order_id = any($1::int[]) order by id' },
    customer: { model: 'user', many: false, sql: 'select id as parent, user_id as id from orders where id = any($1::int[]) and user_id is not null' },
    division: { model: 'division', many: false, sql: 'select id as parent, division_id as id from orders where id = any($1::int[])' },
  },
});

const OF_ORDER = { division: 'o.division_id', owner: 'o.user_id', visible: visibleFrom('self') } as const;

export const orderItem = defineModel({
  type: 'order_item',
  title: 'Order item',
  from: 'order_items t join orders o on o.id = t.order_id',
  id: 't.id',
  ...OF_ORDER,
  fields: {
    id: { read: 'self', sql: 't.id' },
    orderId: { read: 'self', sql: 't.order_id' },
    productId: { read: 'self', sql: 't.product_id' },
    variantId: { read: 'self', sql: 't.variant_id' },
    name: { read: 'self', sql: 't.name' },
    sku: { read: 'self', sql: 't.sku' },
    options: { read: 'self', sql: 't.options' },
    quantity: { read: 'self', sql: 't.quantity' },
    price: { read: 'self', sql: 't.price' },
    vatRate: { read: 'self', sql: 't.vat_rate', map: toNumber },
    tax: { read: 'self', sql: 't.tax' },
    discount: { read: 'self', sql: 't.discount' },
    position: { read: 'self', sql: 't.position' },
    // §3 parentItemId: a bundle's component items point at the bundle's item (price 0; the parent carries price and tax).
    parentItemId: { read: 'self', sql: 't.parent_item_id' },
  },
  relations: {
    order: { model: 'order', many: false, sql: 'select id as parent, order_id as id from order_items where id = any($1::int[])' },
    parentItem: { model: 'order_item', many: false, sql: 'select id as parent, parent_item_id as id from order_items where id = any($1::int[]) and parent_item_id is not null' },
    childItems: { model: 'order_item', many: true, sql: 'select parent_item_id as parent, id from order_items where parent_item_id = any($1::int[]) order by position, id' },
    product: { model: 'product', many: false, sql: 'select id as parent, product_id as id from order_items where id = any($1::int[]) and product_id is not null' },
    variant: { model: 'product_variant', many: false, sql: 'select id as parent, variant_id as id from order_items where id = any($1::int[]) and variant_id is not null' },
  },
});

export const paymentAttempt = defineModel({
  type: 'payment_attempt',
  title: 'Payment attempt',
  from: 'payment_attempts t join orders o on o.id = t.order_id',
  id: 't.id',
  ...OF_ORDER,
  fields: {
    id: { read: 'self', sql: 't.id' },
    orderId: { read: 'self', sql: 't.order_id' },
    isSuccessful: { read: 'self', sql: 't.is_successful' },
    message: { read: 'self', sql: 't.message' },
    paymentMethodName: { read: 'self', sql: 't.payment_method_name' },
    amount: { read: 'self', sql: 't.amount' },
    createdAt: { read: 'self', sql: 't.created_at', map: toIso },
    processor: { read: 'store', sql: 't.processor' },
    processorReference: { read: 'staff', sql: 't.processor_reference' },
    idempotencyKey: { read: 'staff', sql: 't.idempotency_key' },
  },
  relations: {
    order: { model: 'order', many: false, sql: 'select id as parent, order_id as id from payment_attempts where id = any($1::int[])' },
  },
});

export const statusLog = defineModel({
  type: 'status_log',
  title: 'Status log',
  from: 'order_status_logs t join orders o on o.id = t.order_id',
  id: 't.id',
  ...OF_ORDER,
  fields: {
    id: { read: 'self', sql: 't.id' },
    orderId: { read: 'self', sql: 't.order_id' },
    status: { read: 'self', sql: 't.status' },
    previousStatus: { read: 'self', sql: 't.previous_status' },
    createdAt: { read: 'self', sql: 't.created_at', map: toIso },
    // Who changed it and why: the store's business.
    userId: { read: 'store', sql: 't.user_id' },
    note: { read: 'store', sql: 't.note' },
  },
  relations: {
    order: { model: 'order', many: false, sql: 'select id as parent, order_id as id from order_status_logs where id = any($1::int[])' },
  },
});
