CREATE TABLE "questionnaire_progress" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"answered_items" integer DEFAULT 0 NOT NULL,
	"completed" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_totals" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"active_items" integer NOT NULL,
	CONSTRAINT "questionnaire_totals_single_row" CHECK ("questionnaire_totals"."singleton")
);
--> statement-breakpoint
ALTER TABLE "questionnaire_progress" ADD CONSTRAINT "questionnaire_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;