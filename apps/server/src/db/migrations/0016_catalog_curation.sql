ALTER TABLE "content_items" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_merged_into_id_content_items_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;