CREATE TABLE "scim_external_ids" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scim_external_ids" ADD CONSTRAINT "scim_external_ids_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_external_ids" ADD CONSTRAINT "scim_external_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_external_ids_company_external_idx" ON "scim_external_ids" USING btree ("company_id","external_id");