CREATE TABLE "plan_attachments" (
	"plan_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"skill" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_attachments_plan_id_account_id_content_id_pk" PRIMARY KEY("plan_id","account_id","content_id")
);
--> statement-breakpoint
ALTER TABLE "plan_attachments" ADD CONSTRAINT "plan_attachments_plan_id_upskilling_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."upskilling_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_attachments" ADD CONSTRAINT "plan_attachments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_attachments" ADD CONSTRAINT "plan_attachments_saved_copy_fk" FOREIGN KEY ("account_id","content_id") REFERENCES "public"."user_contents"("account_id","content_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "plan_attachments_account_idx" ON "plan_attachments" USING btree ("account_id","content_id");