CREATE TABLE "team_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"edition" integer NOT NULL,
	"request_key" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"document" jsonb NOT NULL,
	"claimed_by_job" text,
	"claimed_at" timestamp with time zone,
	"generation_attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"storage_key" text,
	"page_count" integer,
	"byte_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_reports_status_known" CHECK ("team_reports"."status" in ('pending', 'generating', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "team_reports" ADD CONSTRAINT "team_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_reports" ADD CONSTRAINT "team_reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_reports_organisation_edition_unique" ON "team_reports" USING btree ("organisation_id","edition");--> statement-breakpoint
CREATE UNIQUE INDEX "team_reports_request_key_unique" ON "team_reports" USING btree ("organisation_id","request_key");--> statement-breakpoint
CREATE INDEX "team_reports_status_idx" ON "team_reports" USING btree ("status");