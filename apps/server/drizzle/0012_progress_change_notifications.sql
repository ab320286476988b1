-- A change of a user's questionnaire progress carries the new counters (modules/auth/
-- session-change-listener), so that every instance brings its cached sessions of that user up to
-- date in place instead of forgetting them: an answering user's next request is then still
-- answered from memory. Payload: {"user_id", "answered_items", "completed"}; a deleted row sends
-- the bare user id, which evicts as before. Its own function, without to_jsonb of the whole row
-- (the answered positions' bit string included), since it runs on every answer.
CREATE FUNCTION notify_progress_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('session_changes', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('session_changes', json_build_object('user_id', NEW.user_id, 'answered_items', NEW.answered_items, 'completed', NEW.completed)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER questionnaire_progress_session_change ON questionnaire_progress;
--> statement-breakpoint
CREATE TRIGGER questionnaire_progress_session_change AFTER INSERT OR UPDATE OR DELETE ON questionnaire_progress
  FOR EACH ROW EXECUTE FUNCTION notify_progress_change();
