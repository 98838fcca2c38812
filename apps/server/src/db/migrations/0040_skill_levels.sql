CREATE TABLE "plan_skill_targets" (
	"plan_id" integer NOT NULL,
	"skill" text NOT NULL,
	"level" integer NOT NULL,
	CONSTRAINT "plan_skill_targets_plan_id_skill_pk" PRIMARY KEY("plan_id","skill")
);
--> statement-breakpoint
CREATE TABLE "path_skill_levels" (
	"collection_id" integer PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"set_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"skill" text NOT NULL,
	"level" integer NOT NULL,
	"source" text NOT NULL,
	"rated_by" integer,
	"note" text,
	"evidence_kind" text,
	"evidence_id" integer,
	"evidence_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_ratings_level_ck" CHECK ("skill_ratings"."level" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "plan_skill_targets" ADD CONSTRAINT "plan_skill_targets_plan_id_upskilling_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."upskilling_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_skill_levels" ADD CONSTRAINT "path_skill_levels_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_skill_levels" ADD CONSTRAINT "path_skill_levels_set_by_accounts_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_ratings" ADD CONSTRAINT "skill_ratings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_ratings" ADD CONSTRAINT "skill_ratings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_ratings" ADD CONSTRAINT "skill_ratings_rated_by_accounts_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skill_ratings_account_skill_idx" ON "skill_ratings" USING btree ("account_id","skill","created_at");--> statement-breakpoint
CREATE INDEX "skill_ratings_company_idx" ON "skill_ratings" USING btree ("company_id");