-- §3 Manufacturer/project settings staff run from /dashboard/projects/ (issue #16). Badges are onboarding
-- badges (code, unlocked, groups); betas are feature codes; payment interval is a §3 Time interval code.
alter table projects
  add column email text,
  add column badges jsonb not null default '[]'::jsonb,
  add column currency text not null default 'GBP',
  add column payment_interval text not null default 'monthly' check (payment_interval in ('weekly', 'fortnightly', 'monthly', 'quarterly')),
  add column betas jsonb not null default '[]'::jsonb,
  add column is_vip boolean not null default false,
  add column is_fraud boolean not null default false,
  add column active boolean not null default true,
  add column enable_bulk_studio boolean not null default false,
  add column promo_url text;
