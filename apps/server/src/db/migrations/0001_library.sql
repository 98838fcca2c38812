CREATE TABLE "folder_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_id" integer NOT NULL,
	"section_id" integer,
	"user_content_id" integer NOT NULL,
	"priority" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folder_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"content_type" text NOT NULL,
	"provider" text,
	"author" text,
	"duration_s" integer,
	"description" text,
	"image_url" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"course_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('spanish'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(author, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C') || setweight(to_tsvector('spanish'::regconfig, coalesce(description, '')), 'C')) STORED
);
--> statement-breakpoint
ALTER TABLE "folder_relations" ADD CONSTRAINT "folder_relations_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_relations" ADD CONSTRAINT "folder_relations_section_id_folder_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."folder_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_relations" ADD CONSTRAINT "folder_relations_user_content_id_user_contents_id_fk" FOREIGN KEY ("user_content_id") REFERENCES "public"."user_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_sections" ADD CONSTRAINT "folder_sections_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contents" ADD CONSTRAINT "user_contents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contents" ADD CONSTRAINT "user_contents_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "folder_relations_folder_content_uq" ON "folder_relations" USING btree ("folder_id","user_content_id");--> statement-breakpoint
CREATE INDEX "folder_relations_list_idx" ON "folder_relations" USING btree ("folder_id","section_id","priority");--> statement-breakpoint
CREATE INDEX "folder_sections_folder_idx" ON "folder_sections" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "folders_account_idx" ON "folders" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_contents_account_content_uq" ON "user_contents" USING btree ("account_id","content_id");--> statement-breakpoint
CREATE INDEX "user_contents_account_type_idx" ON "user_contents" USING btree ("account_id","content_type","created_at");--> statement-breakpoint
CREATE INDEX "user_contents_account_course_idx" ON "user_contents" USING btree ("account_id","course_status");--> statement-breakpoint
CREATE INDEX "user_contents_search_idx" ON "user_contents" USING gin ("search");