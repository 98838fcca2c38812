CREATE TABLE "xapi_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"activity_id" text,
	"agent_key" text,
	"registration" uuid,
	"document_id" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated" timestamp with time zone NOT NULL,
	"credential_id" integer,
	CONSTRAINT "xapi_documents_uq" UNIQUE NULLS NOT DISTINCT("company_id","scope","registration","document_id")
);
--> statement-breakpoint
ALTER TABLE "xapi_documents" ADD CONSTRAINT "xapi_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_documents" ADD CONSTRAINT "xapi_documents_credential_id_lrs_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."lrs_credentials"("id") ON DELETE set null ON UPDATE no action;