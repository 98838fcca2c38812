CREATE TABLE "content_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"shared" boolean NOT NULL,
	"source_url" text NOT NULL,
	"title" text,
	"byline" text,
	"excerpt" text,
	"site_name" text,
	"text" text NOT NULL,
	"word_count" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(text, '')) || to_tsvector('spanish'::regconfig, coalesce(text, ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_texts_shared_uq" ON "content_texts" USING btree ("content_id") WHERE "content_texts"."shared";--> statement-breakpoint
CREATE UNIQUE INDEX "content_texts_own_uq" ON "content_texts" USING btree ("content_id","account_id") WHERE not "content_texts"."shared";--> statement-breakpoint
CREATE INDEX "content_texts_search_idx" ON "content_texts" USING gin ("search");--> statement-breakpoint
-- A page's text and its tsvector live out of line even when short, so a search's bitmap scan of the
-- matching rows reads narrow rows (bench: a 2 kB text per row kept 2 rows a page, 20 MB of heap for
-- 10,000 texts; out of line, 1.4 MB).
ALTER TABLE "content_texts" SET (toast_tuple_target = 128);
