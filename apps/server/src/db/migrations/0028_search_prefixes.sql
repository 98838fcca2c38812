-- A search for the beginning of a word (`kube:*`) is a partial match on a GIN index: it
-- collects the entries of every person's words that start so, then keeps this person's (about 4 ms
-- of a 10 ms search in the bench's 10,000-item library, growing with everyone's libraries). Each
-- word's beginnings, up to 24 characters, are kept as exact entries instead, so a search reads one
-- entry of this person's (0.3 ms there). Longer beginnings are checked against the words themselves
-- (content.repo.ts). Beside the person's id where btree_gin exists (0023), on its own where not.
CREATE FUNCTION learnward_search_prefixes(v tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT left(u.lexeme, n))), ''::tsvector)
  FROM unnest(v) AS u, generate_series(1, least(length(u.lexeme), 24)) AS n
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX "user_contents_account_prefix_idx" ON "user_contents" USING gin ("account_id", learnward_search_prefixes("search")) WITH (gin_pending_list_limit = 256);
  ELSE
    CREATE INDEX "user_contents_prefix_idx" ON "user_contents" USING gin (learnward_search_prefixes("search")) WITH (gin_pending_list_limit = 256);
  END IF;
END $$;
