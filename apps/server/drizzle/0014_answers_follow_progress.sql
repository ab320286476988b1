ALTER TABLE "current_answers" DROP CONSTRAINT "current_answers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "question_answers" DROP CONSTRAINT "question_answers_user_id_users_id_fk";
--> statement-breakpoint
-- Answers follow the user's questionnaire_progress row instead of referencing users: every answer
-- is written in the same statement as that row (the answer statements select from its upsert),
-- whose own foreign key to users refuses an answer of a deleted account, so the two foreign-key
-- checks per answer (a row lock on the user, each) bought nothing. Deleting the row (which
-- deleting the user does, by cascade) deletes the answers. The trigger's statements see answers
-- committed by an answer that held the row's lock until the delete could go ahead.
CREATE FUNCTION delete_answers_with_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM current_answers WHERE user_id = OLD.user_id;
  DELETE FROM question_answers WHERE user_id = OLD.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER questionnaire_progress_answers AFTER DELETE ON questionnaire_progress
  FOR EACH ROW EXECUTE FUNCTION delete_answers_with_progress();
