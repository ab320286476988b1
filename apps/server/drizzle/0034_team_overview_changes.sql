-- The team overview cache (modules/team-insights/team-overview-cache.ts) forgets an organisation's
-- sums when anything they are made of changes: its members, its lists' position titles, a member's
-- scored sets (their summary) or e-mail address (what matches them to a title). Each change
-- announces the organisation's id on 'team_overview_changes' (delivered at commit, only if the
-- transaction commits); a change of a person announces every organisation they belong to.
CREATE FUNCTION notify_team_overview_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('team_overview_changes', OLD.organisation_id::text);
  ELSE
    PERFORM pg_notify('team_overview_changes', NEW.organisation_id::text);
    IF TG_OP = 'UPDATE' AND OLD.organisation_id <> NEW.organisation_id THEN
      PERFORM pg_notify('team_overview_changes', OLD.organisation_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_team_overview_change_of_person() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    person := OLD.user_id;
  ELSE
    person := NEW.user_id;
  END IF;
  PERFORM pg_notify('team_overview_changes', m.organisation_id::text) FROM organisation_members m WHERE m.user_id = person;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_team_overview_change_of_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('team_overview_changes', m.organisation_id::text) FROM organisation_members m WHERE m.user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organisation_members_team_overview_changes AFTER INSERT OR UPDATE OR DELETE ON organisation_members
  FOR EACH ROW EXECUTE FUNCTION notify_team_overview_change();
--> statement-breakpoint
CREATE TRIGGER organisation_people_team_overview_changes AFTER INSERT OR UPDATE OR DELETE ON organisation_people
  FOR EACH ROW EXECUTE FUNCTION notify_team_overview_change();
--> statement-breakpoint
CREATE TRIGGER team_result_summaries_team_overview_changes AFTER INSERT OR UPDATE OR DELETE ON team_result_summaries
  FOR EACH ROW EXECUTE FUNCTION notify_team_overview_change_of_person();
--> statement-breakpoint
CREATE TRIGGER users_team_overview_changes AFTER UPDATE OF email ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION notify_team_overview_change_of_address();
