CREATE TABLE "catalog_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"kind" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_refreshed_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_feeds" ADD CONSTRAINT "catalog_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_feeds" ADD CONSTRAINT "catalog_feeds_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_feeds_company_url_uq" ON "catalog_feeds" USING btree ("company_id","url");--> statement-breakpoint
CREATE INDEX "catalog_feeds_due_idx" ON "catalog_feeds" USING btree ("next_refresh_at");