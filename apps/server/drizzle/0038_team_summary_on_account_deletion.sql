-- Issue 13, fix: deleting an account whose sets were scored failed (500). Its assessment_results
-- go by cascade, and the summary trigger of 0033 inserted a team_result_summaries row for each
-- deleted result before clearing it, for a user being deleted (a foreign key violation). A deleted
-- result now only clears its set in a summary that exists.
CREATE OR REPLACE FUNCTION team_result_summary_follow() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- A deleted result only clears its set in a summary that exists: when the account itself is
  -- deleted, its results go by cascade and a new summary row would point at a user being deleted.
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO team_result_summaries (user_id) VALUES (changed.user_id) ON CONFLICT (user_id) DO NOTHING;
  END IF;
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
