-- Emailed one-time sign-in links (docs/auth-api.md "Sign-in link"): an owner locked out on a new device signs in
-- from the mail instead. Same single-use, hashed-token table as verification and reset links.
alter table auth_tokens drop constraint if exists auth_tokens_kind_check;
alter table auth_tokens add constraint auth_tokens_kind_check check (kind in ('verify', 'reset', 'sign-in'));
