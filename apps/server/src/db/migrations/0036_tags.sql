CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_name_length" CHECK (char_length("tags"."name") between 1 and 64 and "tags"."name" = btrim("tags"."name"))
);
--> statement-breakpoint
CREATE TABLE "user_content_tags" (
	"tag_id" integer NOT NULL,
	"user_content_id" integer NOT NULL,
	"item_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_content_tags_user_content_id_tag_id_pk" PRIMARY KEY("user_content_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_content_tags" ADD CONSTRAINT "user_content_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_content_tags" ADD CONSTRAINT "user_content_tags_user_content_id_user_contents_id_fk" FOREIGN KEY ("user_content_id") REFERENCES "public"."user_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_account_name_uq" ON "tags" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "user_content_tags_tag_recent_idx" ON "user_content_tags" USING btree ("tag_id","item_created_at","user_content_id");