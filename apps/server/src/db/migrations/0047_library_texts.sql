CREATE TABLE "library_texts" (
	"user_content_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"is_private" boolean NOT NULL,
	"course_status" text,
	"text_shared" boolean NOT NULL,
	"text_account_id" integer NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_texts" ADD CONSTRAINT "library_texts_user_content_id_user_contents_id_fk" FOREIGN KEY ("user_content_id") REFERENCES "public"."user_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A person's matches of a word, from their own entries alone: with btree_gin (0023), which PostgreSQL
-- has. The embedded database goes without it (0023): there, the words alone, and the person's id.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX "library_texts_account_search_idx" ON "library_texts" USING gin ("account_id","search");
  ELSE
    CREATE INDEX "library_texts_search_idx" ON "library_texts" USING gin ("search");
    CREATE INDEX "library_texts_account_idx" ON "library_texts" USING btree ("account_id");
  END IF;
END $$;--> statement-breakpoint
-- library_texts is kept by the database itself, in the transaction of every write to user_contents
-- (saves, edits, moves, imports, catalog merges, cascades) or content_texts (the page-read job, its
-- re-reads, cascades), as library_counts is (0025): whatever writes them, the search's entries agree.
-- Each write refreshes the entries of the copies it touched: the text each copy reads is its reader's
-- own private read, else the company's shared one (textReadableBy's choice; one of each at most, by
-- content_texts' unique indexes), copied with the copy's list columns. A copy whose item has no text
-- has no entry. The upsert, in copy order, lets two writers refresh the same copy at once.
CREATE FUNCTION library_texts_refresh(copies integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM library_texts kept
  WHERE kept.user_content_id = ANY (copies)
    AND NOT EXISTS (
      SELECT 1 FROM user_contents u JOIN content_texts t ON t.content_id = u.content_id AND (t.shared OR t.account_id = u.account_id)
      WHERE u.id = kept.user_content_id);
  INSERT INTO library_texts AS kept (user_content_id, account_id, content_id, content_type, is_private, course_status, text_shared, text_account_id, search)
  SELECT u.id, u.account_id, u.content_id, u.content_type, u.is_private, u.course_status, t.shared, t.account_id, strip(t.search)
  FROM user_contents u
  CROSS JOIN LATERAL (
    (SELECT own.shared, own.account_id, own.search FROM content_texts own
     WHERE own.content_id = u.content_id AND own.account_id = u.account_id AND NOT own.shared)
    UNION ALL
    (SELECT company.shared, company.account_id, company.search FROM content_texts company
     WHERE company.content_id = u.content_id AND company.shared)
    LIMIT 1) t
  WHERE u.id = ANY (copies)
  ORDER BY u.id
  ON CONFLICT (user_content_id) DO UPDATE SET
    account_id = excluded.account_id, content_id = excluded.content_id, content_type = excluded.content_type,
    is_private = excluded.is_private, course_status = excluded.course_status, text_shared = excluded.text_shared,
    text_account_id = excluded.text_account_id, search = excluded.search;
$$;
--> statement-breakpoint
CREATE FUNCTION library_texts_copies_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM library_texts_refresh(ARRAY(SELECT id FROM new_rows));
  ELSE
    -- An edit of a title or a description changes no entry: nothing is written then.
    PERFORM library_texts_refresh(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.account_id, n.content_id, n.content_type, n.is_private, n.course_status)
        IS DISTINCT FROM (o.account_id, o.content_id, o.content_type, o.is_private, o.course_status)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION library_texts_texts_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every copy of the items whose texts changed: a shared text is read by all of them, a private one
  -- by its reader's, in place of the shared one.
  IF TG_OP = 'DELETE' THEN
    PERFORM library_texts_refresh(ARRAY(SELECT u.id FROM user_contents u WHERE u.content_id IN (SELECT content_id FROM old_rows)));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM library_texts_refresh(ARRAY(SELECT u.id FROM user_contents u WHERE u.content_id IN (SELECT content_id FROM new_rows)));
  ELSE
    PERFORM library_texts_refresh(ARRAY(
      SELECT u.id FROM user_contents u
      WHERE u.content_id IN (SELECT content_id FROM new_rows UNION SELECT content_id FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_texts_copies_insert AFTER INSERT ON user_contents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION library_texts_copies_written();
--> statement-breakpoint
CREATE TRIGGER library_texts_copies_update AFTER UPDATE ON user_contents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION library_texts_copies_written();
--> statement-breakpoint
CREATE TRIGGER library_texts_texts_insert AFTER INSERT ON content_texts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION library_texts_texts_written();
--> statement-breakpoint
CREATE TRIGGER library_texts_texts_update AFTER UPDATE ON content_texts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION library_texts_texts_written();
--> statement-breakpoint
CREATE TRIGGER library_texts_texts_delete AFTER DELETE ON content_texts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION library_texts_texts_written();
--> statement-breakpoint
-- The copies the search of page texts read from an index of their own (0041): it reads library_texts now.
DROP INDEX IF EXISTS "user_contents_account_content_cover_idx";--> statement-breakpoint
-- The texts read before this migration.
SELECT library_texts_refresh(ARRAY(SELECT u.id FROM user_contents u WHERE u.content_id IN (SELECT content_id FROM content_texts)));