CREATE TABLE "event_attendees" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_attendees_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_session_invitations" (
	"session_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_session_invitations_session_id_email_hash_pk" PRIMARY KEY("session_id","email_hash")
);
--> statement-breakpoint
CREATE TABLE "event_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"link_token" text NOT NULL,
	"link_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_organisation_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"representative_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"company_organisation_id" uuid,
	"invited_by" uuid,
	"accepted_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_links_status_known" CHECK ("portfolio_links"."status" in ('pending', 'accepted', 'revoked', 'ended')),
	CONSTRAINT "portfolio_links_accepted_has_company" CHECK ("portfolio_links"."status" <> 'accepted' or "portfolio_links"."company_organisation_id" is not null),
	CONSTRAINT "portfolio_links_not_itself" CHECK ("portfolio_links"."company_organisation_id" is null or "portfolio_links"."company_organisation_id" <> "portfolio_links"."investor_organisation_id")
);
--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_session_invitations" ADD CONSTRAINT "event_session_invitations_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_links" ADD CONSTRAINT "portfolio_links_investor_organisation_id_organisations_id_fk" FOREIGN KEY ("investor_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_links" ADD CONSTRAINT "portfolio_links_company_organisation_id_organisations_id_fk" FOREIGN KEY ("company_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_links" ADD CONSTRAINT "portfolio_links_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_links" ADD CONSTRAINT "portfolio_links_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendees_session_idx" ON "event_attendees" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "event_attendees_user_idx" ON "event_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_sessions_link_token_unique" ON "event_sessions" USING btree ("link_token");--> statement-breakpoint
CREATE UNIQUE INDEX "event_sessions_name_unique" ON "event_sessions" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_links_token_unique" ON "portfolio_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_links_one_pending" ON "portfolio_links" USING btree ("investor_organisation_id",lower("representative_email")) WHERE "portfolio_links"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_links_one_accepted" ON "portfolio_links" USING btree ("investor_organisation_id","company_organisation_id") WHERE "portfolio_links"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "portfolio_links_company_idx" ON "portfolio_links" USING btree ("company_organisation_id") WHERE "portfolio_links"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "portfolio_links_investor_idx" ON "portfolio_links" USING btree ("investor_organisation_id","created_at");--> statement-breakpoint
-- An event organiser's team overview counts its attendees (modules/team-insights): the cache of its
-- sums forgets the organisation when an attendee joins, moves or leaves, and when an attendee's
-- scored sets change (the person's organisations now include the events they attend).
CREATE TRIGGER event_attendees_team_overview_changes AFTER INSERT OR UPDATE OR DELETE ON event_attendees
  FOR EACH ROW EXECUTE FUNCTION notify_team_overview_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_team_overview_change_of_person() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    person := OLD.user_id;
  ELSE
    person := NEW.user_id;
  END IF;
  PERFORM pg_notify('team_overview_changes', m.organisation_id::text) FROM organisation_members m WHERE m.user_id = person;
  PERFORM pg_notify('team_overview_changes', a.organisation_id::text) FROM event_attendees a WHERE a.user_id = person;
  RETURN NULL;
END;
$$;
