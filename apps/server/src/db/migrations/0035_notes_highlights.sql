CREATE TABLE "item_highlights" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_content_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"text" text NOT NULL,
	"comment" text,
	"position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_highlights_text_len" CHECK (char_length("item_highlights"."text") between 1 and 5000),
	CONSTRAINT "item_highlights_comment_len" CHECK (char_length("item_highlights"."comment") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "item_notes" (
	"user_content_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_notes_body_len" CHECK (char_length("item_notes"."body") between 1 and 20000)
);
--> statement-breakpoint
ALTER TABLE "item_highlights" ADD CONSTRAINT "item_highlights_user_content_id_user_contents_id_fk" FOREIGN KEY ("user_content_id") REFERENCES "public"."user_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_highlights" ADD CONSTRAINT "item_highlights_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_user_content_id_user_contents_id_fk" FOREIGN KEY ("user_content_id") REFERENCES "public"."user_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_highlights_item_idx" ON "item_highlights" USING btree ("user_content_id","position","id");--> statement-breakpoint
CREATE INDEX "item_highlights_account_idx" ON "item_highlights" USING btree ("account_id");