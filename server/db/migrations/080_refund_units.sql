-- A refund of some units of an item: how many (null: the whole item, or the whole order when no item is named).
alter table refunds add column quantity integer check (quantity > 0);
