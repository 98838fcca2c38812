CREATE TABLE "content_embeddings" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"model" text NOT NULL,
	"text_hash" text NOT NULL,
	"vector" real[] NOT NULL,
	"embedded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_embeddings" ADD CONSTRAINT "content_embeddings_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_embeddings" ADD CONSTRAINT "content_embeddings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_embeddings_company_model_idx" ON "content_embeddings" USING btree ("company_id","model","embedded_at");