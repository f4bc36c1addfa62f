-- The atlas queue is ordered by priority, then newest first: these indexes give page 1 (and the status filters) in
-- index order at 100,000+ orders instead of sorting every matching order. (status, priority, id) also serves every
-- lookup the former (status, id) index did.
create index orders_queue_idx on orders (priority desc, id desc);
create index orders_status_queue_idx on orders (status, priority desc, id desc);
drop index orders_status_idx;
