-- A person's copies as the search of page texts reads them, from the index alone (drizzle-kit can't
-- write INCLUDE, hence by hand): a word on many pages is matched by hashing the person's copies read
-- from here, a narrow word by one lookup per page here. Either way without the table's rows
-- (bench, 10,000 items, a word on half the pages: 64 index pages against 632 heap pages).
CREATE INDEX IF NOT EXISTS "user_contents_account_content_cover_idx" ON "user_contents" USING btree ("account_id", "content_id") INCLUDE ("id", "is_private", "content_type", "course_status");
