-- The optional AI narrative of a report edition (issue 11; modules/reports/narrative). Written by
-- hand: one row per edition once narratives are on, 'pending' until the `reports.narrative` job
-- writes it ('ready') or gives up after its retries ('unavailable'); 'Retry' makes it pending again.
CREATE TABLE "report_narratives" (
	"report_id" uuid NOT NULL,
	"edition" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"text" text,
	"model" text,
	"written_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_narratives_report_id_edition_pk" PRIMARY KEY("report_id","edition"),
	CONSTRAINT "report_narratives_status_known" CHECK ("report_narratives"."status" in ('pending', 'ready', 'unavailable')),
	CONSTRAINT "report_narratives_ready_has_text" CHECK ("report_narratives"."status" <> 'ready' or "report_narratives"."text" is not null)
);
--> statement-breakpoint
ALTER TABLE "report_narratives" ADD CONSTRAINT "report_narratives_report_editions_fk" FOREIGN KEY ("report_id","edition") REFERENCES "public"."report_editions"("report_id","edition") ON DELETE cascade ON UPDATE no action;
