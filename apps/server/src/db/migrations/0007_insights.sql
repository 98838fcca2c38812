CREATE TABLE "insight_contents" (
	"company_id" integer NOT NULL,
	"team_key" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"content_id" integer NOT NULL,
	"saves" integer NOT NULL,
	"starts" integer NOT NULL,
	"completions" integer NOT NULL,
	"duration_s" bigint NOT NULL,
	CONSTRAINT "insight_contents_company_id_team_key_grain_period_content_id_pk" PRIMARY KEY("company_id","team_key","grain","period","content_id")
);
--> statement-breakpoint
CREATE TABLE "insight_learner_periods" (
	"company_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"account_id" integer NOT NULL,
	"team_key" integer NOT NULL,
	CONSTRAINT "insight_learner_periods_company_id_grain_period_account_id_pk" PRIMARY KEY("company_id","grain","period","account_id")
);
--> statement-breakpoint
CREATE TABLE "insight_learners" (
	"company_id" integer NOT NULL,
	"team_key" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "insight_learners_company_id_team_key_grain_period_pk" PRIMARY KEY("company_id","team_key","grain","period")
);
--> statement-breakpoint
CREATE TABLE "insight_plan_done" (
	"plan_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"done" integer NOT NULL,
	CONSTRAINT "insight_plan_done_plan_id_account_id_pk" PRIMARY KEY("plan_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "insight_reminders" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"sent_by" integer,
	"plan_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_reminders_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "insight_skills" (
	"company_id" integer NOT NULL,
	"team_key" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"skill" text NOT NULL,
	"activity" integer NOT NULL,
	"completions" integer NOT NULL,
	"duration_s" bigint NOT NULL,
	CONSTRAINT "insight_skills_company_id_team_key_grain_period_skill_pk" PRIMARY KEY("company_id","team_key","grain","period","skill")
);
--> statement-breakpoint
CREATE TABLE "insight_totals" (
	"company_id" integer NOT NULL,
	"team_key" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"kind" text NOT NULL,
	"content_type" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	"duration_s" bigint NOT NULL,
	CONSTRAINT "insight_totals_company_id_team_key_grain_period_kind_content_type_pk" PRIMARY KEY("company_id","team_key","grain","period","kind","content_type")
);
--> statement-breakpoint
CREATE TABLE "learning_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"team_id" integer,
	"account_id" integer NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"content_id" integer,
	"content_type" text,
	"collection_id" integer,
	"plan_id" integer,
	"request_id" integer,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_s" integer,
	"outcome" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_contents" ADD CONSTRAINT "insight_contents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_learner_periods" ADD CONSTRAINT "insight_learner_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_learners" ADD CONSTRAINT "insight_learners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_reminders" ADD CONSTRAINT "insight_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_reminders" ADD CONSTRAINT "insight_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_skills" ADD CONSTRAINT "insight_skills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_totals" ADD CONSTRAINT "insight_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_events" ADD CONSTRAINT "learning_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_events" ADD CONSTRAINT "learning_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_learner_periods_team_idx" ON "insight_learner_periods" USING btree ("company_id","team_key","grain","period","account_id");--> statement-breakpoint
CREATE INDEX "learning_events_company_time_idx" ON "learning_events" USING btree ("company_id","occurred_at");--> statement-breakpoint
CREATE INDEX "learning_events_company_team_time_idx" ON "learning_events" USING btree ("company_id","team_id","occurred_at");--> statement-breakpoint
CREATE INDEX "learning_events_account_time_idx" ON "learning_events" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "learning_events_plan_idx" ON "learning_events" USING btree ("plan_id","account_id") WHERE plan_id is not null;