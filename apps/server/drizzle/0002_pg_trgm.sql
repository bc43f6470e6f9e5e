-- Trigram indexes make the history search (ILIKE '%text%' on usernames and addresses) fast at millions of
-- rows. PostgreSQL ships pg_trgm in contrib; the embedded PGlite loads it when opened (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
