-- A GIN index gathers new entries in an unsorted pending list that every search reads in
-- full until it is merged, 4 MB by default (about 15 ms more per search in a 100,000-item library on
-- the bench's data). The library's search indexes merge theirs past 256 kB: saves merge a little
-- more often, searches never read more than 32 pages of it. The person's index exists only where
-- btree_gin does (0023, 0024).
ALTER INDEX "user_contents_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX IF EXISTS "user_contents_account_search_idx" SET (gin_pending_list_limit = 256);
