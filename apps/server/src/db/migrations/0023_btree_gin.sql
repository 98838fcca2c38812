-- Issue 28: btree_gin lets one GIN index hold a person's id with their items' words
-- (user_contents_account_search_idx), so a search in a big library reads that person's matches only.
-- A trusted extension: the database owner may create it (PostgreSQL 13+); PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;
