-- Tells every server instance whose sessions changed (modules/auth/session-change-listener): the
-- payload is the user's id. A user's row, questionnaire progress and logins are what the auth
-- guard's query reads, so a change to any of them evicts the user from the session cache. The
-- trigger's argument names the column holding the user's id; '*' (a change of the question
-- banks' size, which moves everyone's unanswered count) empties every cache.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = '*' THEN
    PERFORM pg_notify('session_changes', '*');
  ELSE
    PERFORM pg_notify('session_changes', to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('id');
--> statement-breakpoint
CREATE TRIGGER questionnaire_progress_session_change AFTER INSERT OR UPDATE OR DELETE ON questionnaire_progress
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER auth_sessions_session_change AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER questionnaire_totals_session_change AFTER INSERT OR UPDATE OR DELETE ON questionnaire_totals
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change('*');
