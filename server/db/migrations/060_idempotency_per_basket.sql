-- An Idempotency-Key names one checkout attempt of one basket: another basket sending the same key is a new
-- order, never the first basket's. Orders placed without a basket (none today) are not covered by the index.
alter table orders drop constraint orders_division_id_idempotency_key_key;
create unique index orders_basket_idempotency_key on orders (basket_id, idempotency_key);
