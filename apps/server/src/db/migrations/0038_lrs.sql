CREATE TABLE "lrs_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "lrs_credentials_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "xapi_activity_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"activity_id" text NOT NULL,
	"content_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xapi_statements" (
	"company_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"seq" bigserial NOT NULL,
	"statement" jsonb NOT NULL,
	"stored" timestamp with time zone NOT NULL,
	"credential_id" integer,
	"verb_id" text NOT NULL,
	"activity_id" text,
	"registration" uuid,
	"agent_keys" text[] NOT NULL,
	"related_agent_keys" text[] NOT NULL,
	"related_activity_ids" text[] NOT NULL,
	"voids_id" uuid,
	"voided" boolean DEFAULT false NOT NULL,
	"apply_state" text DEFAULT 'pending' NOT NULL,
	"account_id" integer,
	CONSTRAINT "xapi_statements_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "lrs_credentials" ADD CONSTRAINT "lrs_credentials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lrs_credentials" ADD CONSTRAINT "lrs_credentials_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_activity_mappings" ADD CONSTRAINT "xapi_activity_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_activity_mappings" ADD CONSTRAINT "xapi_activity_mappings_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_activity_mappings" ADD CONSTRAINT "xapi_activity_mappings_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD CONSTRAINT "xapi_statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD CONSTRAINT "xapi_statements_credential_id_lrs_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."lrs_credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_statements" ADD CONSTRAINT "xapi_statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lrs_credentials_company_idx" ON "lrs_credentials" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xapi_activity_mappings_company_activity_uq" ON "xapi_activity_mappings" USING btree ("company_id","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xapi_statements_seq_uq" ON "xapi_statements" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "xapi_statements_company_seq_idx" ON "xapi_statements" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "xapi_statements_agent_keys_idx" ON "xapi_statements" USING gin ("agent_keys");--> statement-breakpoint
CREATE INDEX "xapi_statements_related_agents_idx" ON "xapi_statements" USING gin ("related_agent_keys");--> statement-breakpoint
CREATE INDEX "xapi_statements_related_activities_idx" ON "xapi_statements" USING gin ("related_activity_ids");--> statement-breakpoint
CREATE INDEX "xapi_statements_apply_idx" ON "xapi_statements" USING btree ("company_id","apply_state","seq") WHERE "xapi_statements"."apply_state" <> 'applied' and "xapi_statements"."apply_state" <> 'ignored';--> statement-breakpoint
CREATE INDEX "xapi_statements_voids_idx" ON "xapi_statements" USING btree ("company_id","voids_id");