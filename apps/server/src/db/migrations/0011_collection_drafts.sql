ALTER TABLE "collections" ADD COLUMN "draft_of" integer;--> statement-breakpoint
ALTER TABLE "publish_requests" ADD COLUMN "kind" text DEFAULT 'publish' NOT NULL;--> statement-breakpoint
ALTER TABLE "publish_requests" ADD COLUMN "draft_id" integer;--> statement-breakpoint
ALTER TABLE "publish_requests" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "publish_requests" ADD COLUMN "revision" jsonb;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_draft_of_collections_id_fk" FOREIGN KEY ("draft_of") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_requests" ADD CONSTRAINT "publish_requests_draft_id_collections_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_draft_of_uq" ON "collections" USING btree ("draft_of");