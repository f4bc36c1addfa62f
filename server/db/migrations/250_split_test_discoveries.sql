-- §4 split tests: how many sessions discovered each variation of a store's test (the tests themselves are the
-- store's settings, subdomains.settings.splitTests). One row per store, test and variation; discoveries add to it.
create table split_test_discoveries (
  division_id integer not null references divisions(id) on delete cascade,
  code text not null,
  variation text not null,
  sessions integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (division_id, code, variation)
);
