-- A balance left by an order edit, paid through a processor that finishes on its own side (Stripe's Payment
-- Element, PayPal's approval): the payment is remembered here with the balance version it was made for, so the
-- webhook or the capture clears exactly that balance — or gives the money back when an edit changed it meanwhile
-- (server/orders/orderEditPayment.ts).
create table balance_payments (
  id serial primary key,
  order_id integer not null references orders (id) on delete cascade,
  processor text not null,
  reference text not null,
  amount integer not null check (amount > 0),
  balance_version integer not null,
  idempotency_key text not null,
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'changed')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (processor, reference)
);
create index balance_payments_order on balance_payments (order_id, idempotency_key);
