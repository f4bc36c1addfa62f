-- A shopper of a store, known by the email their orders were placed with. The unguessable hash is the address
-- of their order history (/order-history/{customerHash}), sent in receipts and order mails; it shows only the
-- orders of that email in that store.
create table order_customers (
  hash text primary key,
  division_id integer not null references divisions(id) on delete cascade,
  -- Lower case, as orders store it.
  email text not null,
  created_at timestamptz not null default now(),
  unique (division_id, email)
);

create index orders_division_email_idx on orders (division_id, email, id desc);
