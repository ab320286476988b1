-- Progress rows written before answered_positions existed hold an empty bit string. Without the
-- totals row, the next start-up sync recomputes every user's progress from their answers
-- (modules/questionnaire/catalogue-sync.ts).
DELETE FROM "questionnaire_totals";
