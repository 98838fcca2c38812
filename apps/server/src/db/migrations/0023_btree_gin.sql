-- btree_gin lets one GIN index hold a person's id with their items' words
-- (user_contents_account_search_idx), so a search in a big library reads that person's matches only.
-- A trusted extension: the database owner may create it (PostgreSQL 13+). Only where the server offers
-- it: PGlite's build of btree_gin makes the copilot's pg_trgm queries spin forever, so the embedded
-- database (libraries of demo size) goes without it and without the index (0024).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
  END IF;
END $$;
