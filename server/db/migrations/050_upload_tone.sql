-- The colours behind banner and slide text in an uploaded picture (src/core/legibility.ts), measured on upload;
-- null for uploads made before it was measured or that could not be decoded.
alter table media_uploads add column if not exists tone jsonb;
