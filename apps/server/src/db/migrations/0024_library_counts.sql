CREATE TABLE "library_counts" (
	"account_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"course_status" text NOT NULL,
	"is_private" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "library_counts_account_id_content_type_course_status_is_private_pk" PRIMARY KEY("account_id","content_type","course_status","is_private")
);
--> statement-breakpoint
DROP INDEX "user_contents_account_type_idx";--> statement-breakpoint
CREATE INDEX "user_contents_account_recent_idx" ON "user_contents" USING btree ("account_id","created_at","id");--> statement-breakpoint
-- Only with btree_gin (0023): PostgreSQL has it, the embedded database does not.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX "user_contents_account_search_idx" ON "user_contents" USING gin ("account_id","search");
  END IF;
END $$;--> statement-breakpoint
CREATE INDEX "user_contents_account_type_idx" ON "user_contents" USING btree ("account_id","content_type","created_at","id");