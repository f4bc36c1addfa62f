-- Page HTML is sanitised when a page is written (server/pages/sanitizeBlocks.ts). Pages saved before that are
-- marked false here and cleaned once at the next start (server/pages/sanitizeStoredPages.ts); every write path
-- sanitises, so new rows are clean by default.
alter table pages add column html_sanitized boolean not null default false;
alter table pages alter column html_sanitized set default true;
