-- Norms for report percentiles (issue 11, modules/reports/score-norms.ts): per assessment, scale
-- and norm group, how many people scored each whole point 0-100. The `reports.norms` job replaces
-- every row in one transaction; groups of fewer than 100 people are never stored, nor any user id.
CREATE TABLE "score_norms" (
	"assessment" text NOT NULL,
	"scale_id" text NOT NULL,
	"norm_group" text NOT NULL,
	"group_size" integer NOT NULL,
	"counts" integer[] NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "score_norms_assessment_scale_id_norm_group_pk" PRIMARY KEY("assessment","scale_id","norm_group"),
	CONSTRAINT "score_norms_group_known" CHECK ("score_norms"."norm_group" in ('everyone', 'under_25', '25_39', '40_54', '55_plus')),
	CONSTRAINT "score_norms_counts_per_point" CHECK (cardinality("score_norms"."counts") = 101),
	CONSTRAINT "score_norms_group_of_100" CHECK ("score_norms"."group_size" >= 100)
);
