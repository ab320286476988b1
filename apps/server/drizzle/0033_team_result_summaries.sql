CREATE TABLE "team_result_summaries" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"big5_ids" text[],
	"big5_labels" text[],
	"big5_scores" real[],
	"big5_bands" smallint[],
	"values_ids" text[],
	"values_labels" text[],
	"values_top_three" boolean[],
	"culture_ids" text[],
	"culture_labels" text[],
	"culture_shares" smallint[],
	"culture_preferred" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_result_summaries" ADD CONSTRAINT "team_result_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 13: team_result_summaries follows assessment_results in the same transaction (a set
-- completed, an answer revised and rescored, a result deleted), so the team overview never reads
-- a summary older than the results. Only the changed set's columns are written.
CREATE FUNCTION team_result_summary_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed assessment_results%ROWTYPE;
  scores jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
    scores := NULL;
  ELSE
    changed := NEW;
    scores := NEW.scores;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
    RAISE EXCEPTION 'assessment_results.user_id does not change';
  END IF;
  INSERT INTO team_result_summaries (user_id) VALUES (changed.user_id) ON CONFLICT (user_id) DO NOTHING;
  IF changed.assessment = 'big5' THEN
    UPDATE team_result_summaries SET
      big5_ids = (SELECT array_agg(e->>'id' ORDER BY o) FROM jsonb_array_elements(scores->'traits') WITH ORDINALITY AS x(e, o)),
      big5_labels = (SELECT array_agg(e->>'label' ORDER BY o) FROM jsonb_array_elements(scores->'traits') WITH ORDINALITY AS x(e, o)),
      big5_scores = (SELECT array_agg(round((e->>'score')::numeric, 1)::real ORDER BY o) FROM jsonb_array_elements(scores->'traits') WITH ORDINALITY AS x(e, o)),
      big5_bands = (SELECT array_agg((CASE e->>'band' WHEN 'low' THEN 0 WHEN 'average' THEN 1 ELSE 2 END)::smallint ORDER BY o) FROM jsonb_array_elements(scores->'traits') WITH ORDINALITY AS x(e, o)),
      updated_at = now()
    WHERE user_id = changed.user_id;
  ELSIF changed.assessment = 'values' THEN
    UPDATE team_result_summaries SET
      values_ids = (SELECT array_agg(e->>'id' ORDER BY e->>'id') FROM jsonb_array_elements(scores->'top_values') AS x(e)),
      values_labels = (SELECT array_agg(e->>'label' ORDER BY e->>'id') FROM jsonb_array_elements(scores->'top_values') AS x(e)),
      values_top_three = (SELECT array_agg((e->>'rank')::int <= 3 ORDER BY e->>'id') FROM jsonb_array_elements(scores->'top_values') AS x(e)),
      updated_at = now()
    WHERE user_id = changed.user_id;
  ELSIF changed.assessment = 'environment' THEN
    UPDATE team_result_summaries SET
      culture_ids = (SELECT array_agg(e->>'id' ORDER BY o) FROM jsonb_array_elements(scores->'culture_mix') WITH ORDINALITY AS x(e, o)),
      culture_labels = (SELECT array_agg(e->>'label' ORDER BY o) FROM jsonb_array_elements(scores->'culture_mix') WITH ORDINALITY AS x(e, o)),
      culture_shares = (SELECT array_agg((e->>'share')::smallint ORDER BY o) FROM jsonb_array_elements(scores->'culture_mix') WITH ORDINALITY AS x(e, o)),
      culture_preferred = (SELECT o FROM jsonb_array_elements(scores->'culture_mix') WITH ORDINALITY AS x(e, o) ORDER BY (e->>'share')::int DESC, o LIMIT 1),
      updated_at = now()
    WHERE user_id = changed.user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER assessment_results_team_summaries AFTER INSERT OR UPDATE OR DELETE ON assessment_results
  FOR EACH ROW EXECUTE FUNCTION team_result_summary_follow();
--> statement-breakpoint
-- The results stored before this migration: each row rewritten onto itself runs the trigger.
UPDATE assessment_results SET user_id = user_id;
