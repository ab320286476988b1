CREATE TABLE "report_editions" (
	"report_id" uuid NOT NULL,
	"edition" integer NOT NULL,
	"document" jsonb NOT NULL,
	"storage_key" text NOT NULL,
	"page_count" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"scoring_versions" text[] NOT NULL,
	"answers_date" timestamp with time zone NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_editions_report_id_edition_pk" PRIMARY KEY("report_id","edition")
);
--> statement-breakpoint
ALTER TABLE "granted_reports" ADD COLUMN "requested_edition" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "granted_reports" ADD COLUMN "current_edition" integer;--> statement-breakpoint
ALTER TABLE "granted_reports" ADD COLUMN "claimed_by_job" text;--> statement-breakpoint
ALTER TABLE "granted_reports" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "granted_reports" ADD COLUMN "generation_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "granted_reports" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "granted_reports" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_editions" ADD CONSTRAINT "report_editions_report_id_granted_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."granted_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tells every server instance that a user's reports may be ready to make (modules/reports,
-- report-work.ts), on channel report_work with the user's id: a report was granted, or a set was
-- scored (its completion, or a revision after it). The instances queue what can be made; the
-- generation queue drops duplicates, and a sweep every minute catches a notification missed.
CREATE FUNCTION notify_report_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('report_work', NEW.user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER granted_reports_report_work AFTER INSERT ON granted_reports
  FOR EACH ROW EXECUTE FUNCTION notify_report_work();
--> statement-breakpoint
CREATE TRIGGER assessment_results_report_work AFTER INSERT OR UPDATE OF completed_at ON assessment_results
  FOR EACH ROW EXECUTE FUNCTION notify_report_work();
