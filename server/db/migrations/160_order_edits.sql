-- Order edits after the sale (issue #15 part 3): an edit that raises the total leaves the difference to pay here
-- until the shopper pays it at /pay/{order}/ (an edit that lowers it first takes it off this, then refunds the rest).
-- balance_version counts the edits that changed it: a balance payment charged for one version is given back when
-- an edit changed the balance while the processor was answering (server/orders/orderEditPayment.ts).
alter table orders add column balance_due integer not null default 0 check (balance_due >= 0);
alter table orders add column balance_version integer not null default 0;
