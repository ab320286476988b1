-- When each current answer was first given (kept when the answer changes): scoring a set reads it
-- instead of the set's whole history. Existing answers take their first history row's time.
ALTER TABLE "current_answers" ADD COLUMN "first_answered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "current_answers" AS current SET "first_answered_at" = coalesce(
  (SELECT min(history."answered_at") FROM "question_answers" AS history
   WHERE history."user_id" = current."user_id" AND history."item_id" = current."item_id"),
  current."answered_at");--> statement-breakpoint
ALTER TABLE "current_answers" ALTER COLUMN "first_answered_at" SET NOT NULL;
