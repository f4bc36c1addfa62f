-- Lookups every product read and the dashboard tables make by their parent, which scanned the whole table: a
-- product's colours, sizes and pictures, and a customer's orders in a store (orders keep the address lower-cased).
create index if not exists product_variants_product_idx on product_variants (product_id);
create index if not exists product_options_product_idx on product_options (product_id);
create index if not exists product_images_product_idx on product_images (product_id, position, id);
create index if not exists orders_email_division_idx on orders (email, division_id);
