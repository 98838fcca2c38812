CREATE TABLE "library_import_rows" (
	"import_id" integer NOT NULL,
	"i" integer NOT NULL,
	"row" jsonb NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"added_id" integer,
	CONSTRAINT "library_import_rows_import_id_i_pk" PRIMARY KEY("import_id","i")
);
--> statement-breakpoint
CREATE TABLE "library_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"merged" integer DEFAULT 0 NOT NULL,
	"folders_created" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb NOT NULL,
	"skipped_count" integer NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "library_import_rows" ADD CONSTRAINT "library_import_rows_import_id_library_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."library_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_imports" ADD CONSTRAINT "library_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_imports_account_idx" ON "library_imports" USING btree ("account_id","id");