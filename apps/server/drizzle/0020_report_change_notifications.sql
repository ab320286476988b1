-- The reports list cache (modules/reports/report-list-cache.ts) forgets a user's list when one of
-- their reports or scored sets changes: every insert, update and delete announces the user's id on
-- 'report_changes' (delivered at commit, only if the transaction commits).
CREATE FUNCTION notify_report_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('report_changes', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('report_changes', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER granted_reports_report_changes AFTER INSERT OR UPDATE OR DELETE ON granted_reports
  FOR EACH ROW EXECUTE FUNCTION notify_report_change();
--> statement-breakpoint
CREATE TRIGGER assessment_results_report_changes AFTER INSERT OR UPDATE OR DELETE ON assessment_results
  FOR EACH ROW EXECUTE FUNCTION notify_report_change();
