-- Trigram operator classes (gin_trgm_ops) used by the feed's text search indexes.
-- PGlite loads the extension code through its `extensions` option; PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
