-- Expiry of abandoned unpaid orders (issue #6, server/orders/expiry.ts): the sweep looks for orders still
-- to_be_paid that were placed before the payment window; this partial index keeps that lookup small however
-- many orders a store has. New statuses (expired, refund_due) need no schema change: status is text and the
-- allowed transitions live in src/commerce/orders/orderStatus.ts.
create index orders_unpaid_created_idx on orders (created_at, id) where status = 'to_be_paid';
