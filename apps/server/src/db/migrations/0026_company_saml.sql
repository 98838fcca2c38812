CREATE TABLE "company_saml" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"metadata_xml" text NOT NULL,
	"metadata_url" text,
	"idp_entity_id" text NOT NULL,
	"sso_url" text NOT NULL,
	"idp_certs" jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_saml" ADD CONSTRAINT "company_saml_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_saml" ADD CONSTRAINT "company_saml_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;