CREATE TABLE "organisation_group_minimum_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"minimum" integer NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_group_minimum_changes_floor" CHECK ("organisation_group_minimum_changes"."minimum" >= 3)
);
--> statement-breakpoint
CREATE TABLE "organisation_result_consents" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_result_consents_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "organisation_group_minimum_changes" ADD CONSTRAINT "organisation_group_minimum_changes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_group_minimum_changes" ADD CONSTRAINT "organisation_group_minimum_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_result_consents" ADD CONSTRAINT "organisation_result_consents_membership_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_group_minimum_changes_latest_idx" ON "organisation_group_minimum_changes" USING btree ("organisation_id","id");