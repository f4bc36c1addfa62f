-- Products made in the dashboard (§3 Product): staff approval with a denial reason, the base product a product was
-- made from, and where its artwork sits on the garment (§3 mockupParams). Products that existed before approval
-- was asked for count as approved.
alter table products add column if not exists approval_status text not null default 'approved'
  check (approval_status in ('pending', 'approved', 'denied'));
alter table products add column if not exists denial_reason text;
alter table products add column if not exists base_product_id integer references products(id) on delete set null;
alter table products add column if not exists mockup_params jsonb;

create index if not exists products_division_created_idx on products (division_id, created_at desc, id desc);
create index if not exists products_division_name_idx on products (division_id, lower(name));
