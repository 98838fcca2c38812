ALTER TABLE "content_items" ADD COLUMN "private_origin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows that came in through their creator's private save, as the rule read them until now.
UPDATE "content_items" ci SET "private_origin" = true WHERE EXISTS (SELECT 1 FROM "user_contents" pu WHERE pu."content_id" = ci."id" AND pu."account_id" = ci."created_by" AND pu."is_private");
