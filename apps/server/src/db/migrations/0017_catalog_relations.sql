-- pg_trgm is a trusted extension: the database owner may create it (PostgreSQL 13+); PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalog_relations" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"skill" text NOT NULL,
	"weight" real NOT NULL,
	CONSTRAINT "catalog_relations_company_id_kind_term_skill_pk" PRIMARY KEY("company_id","kind","term","skill")
);
--> statement-breakpoint
ALTER TABLE "catalog_relations" ADD CONSTRAINT "catalog_relations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_relations_term_trgm_idx" ON "catalog_relations" USING gin ("term" gin_trgm_ops);