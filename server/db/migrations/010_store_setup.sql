-- Store set-up steps (issue #7, §4 Page save): the checklist a store works through. The ordered steps are
-- defined once in src/core/setupSteps.ts (homepage, collection, product, theme, sale); a new store starts at
-- homepage. Steps the platform can see for itself (a collection, a designed product, a first sale) are also
-- derived when read, so this table holds what was recorded by an action (a homepage save, a theme save).

create table store_setup (
  division_id integer primary key references divisions(id) on delete cascade,
  -- The first step not done as of the last recorded change, null once every step is done.
  next_step text default 'homepage',
  updated_at timestamptz not null default now()
);

create table store_setup_steps (
  division_id integer not null references divisions(id) on delete cascade,
  step text not null,
  completed_at timestamptz not null default now(),
  primary key (division_id, step)
);

-- Existing stores: each starts at the homepage, unless its homepage was already saved after it was created.
insert into store_setup (division_id, next_step) select id, 'homepage' from divisions;

insert into store_setup_steps (division_id, step, completed_at)
select division_id, 'homepage', max(edited) from pages
where (url = '/' or coalesce((flags->>'homepage')::boolean, false)) and version > 1
group by division_id;

update store_setup set next_step = 'collection', updated_at = now()
where division_id in (select division_id from store_setup_steps where step = 'homepage');
