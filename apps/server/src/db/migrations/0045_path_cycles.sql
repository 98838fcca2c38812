CREATE TABLE "path_cycles" (
	"account_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "path_cycles_account_id_collection_id_cycle_pk" PRIMARY KEY("account_id","collection_id","cycle")
);
--> statement-breakpoint
DROP INDEX "certificates_account_source_uq";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "path_completions" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "path_completions" DROP CONSTRAINT "path_completions_account_id_collection_id_pk";--> statement-breakpoint
ALTER TABLE "path_completions" ADD CONSTRAINT "path_completions_account_id_collection_id_cycle_pk" PRIMARY KEY("account_id","collection_id","cycle");--> statement-breakpoint
ALTER TABLE "path_cycles" ADD CONSTRAINT "path_cycles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_cycles" ADD CONSTRAINT "path_cycles_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_account_source_cycle_uq" ON "certificates" USING btree ("account_id","source_key","cycle");