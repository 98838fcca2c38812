-- The search of page texts reads library_texts (0047): nothing reads content_texts by its words any more,
-- and the index cost every read of a page a GIN update of all its words.
DROP INDEX IF EXISTS "content_texts_search_idx";