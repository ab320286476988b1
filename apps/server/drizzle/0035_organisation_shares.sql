CREATE TABLE "organisation_audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"actor_organisation_id" uuid,
	"actor_organisation_name" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_organisation_id" uuid NOT NULL,
	"expert_organisation_id" uuid NOT NULL,
	"scope" text[] NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"offered_by" uuid,
	"decided_by" uuid,
	"revoked_by_organisation_id" uuid,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "organisation_shares_status_known" CHECK ("organisation_shares"."status" in ('offered', 'active', 'declined', 'revoked')),
	CONSTRAINT "organisation_shares_scope_known" CHECK (cardinality("organisation_shares"."scope") > 0 and "organisation_shares"."scope" <@ array['maintain_people', 'individual_results', 'aggregates']::text[]),
	CONSTRAINT "organisation_shares_two_organisations" CHECK ("organisation_shares"."client_organisation_id" <> "organisation_shares"."expert_organisation_id")
);
--> statement-breakpoint
ALTER TABLE "organisation_people" DROP CONSTRAINT "organisation_people_list_known";--> statement-breakpoint
ALTER TABLE "organisation_audit_entries" ADD CONSTRAINT "organisation_audit_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_audit_entries" ADD CONSTRAINT "organisation_audit_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_audit_entries" ADD CONSTRAINT "organisation_audit_entries_actor_organisation_id_organisations_id_fk" FOREIGN KEY ("actor_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_shares" ADD CONSTRAINT "organisation_shares_client_organisation_id_organisations_id_fk" FOREIGN KEY ("client_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_shares" ADD CONSTRAINT "organisation_shares_expert_organisation_id_organisations_id_fk" FOREIGN KEY ("expert_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_shares" ADD CONSTRAINT "organisation_shares_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_shares" ADD CONSTRAINT "organisation_shares_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_shares" ADD CONSTRAINT "organisation_shares_revoked_by_organisation_id_organisations_id_fk" FOREIGN KEY ("revoked_by_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_audit_entries_organisation_idx" ON "organisation_audit_entries" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_shares_pair_unique" ON "organisation_shares" USING btree ("client_organisation_id","expert_organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_shares_expert_idx" ON "organisation_shares" USING btree ("expert_organisation_id");--> statement-breakpoint
ALTER TABLE "organisation_people" ADD CONSTRAINT "organisation_people_list_known" CHECK ("organisation_people"."list" in ('user', 'employee', 'contractor', 'portfolio_company'));