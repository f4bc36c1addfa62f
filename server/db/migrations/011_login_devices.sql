-- Browsers that have signed in to an account: a failed-login lock-out of the account as a whole (or of a shared IP)
-- does not shut its owner out from a device they already use. Only the SHA-256 of the cookie value is kept.
create table known_devices (
  token_hash text not null,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  primary key (token_hash, user_id)
);
create index known_devices_user on known_devices (user_id);
