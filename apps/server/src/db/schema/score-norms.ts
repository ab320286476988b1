import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Norms for report percentiles (issue 11): how the scores of one scale are spread in one norm
 * group, as counts per whole point 0-100. Computed from assessment_results by one aggregate (the
 * `reports.norms` job, modules/reports/score-norms.ts), replaced whole in one transaction, and only
 * for groups of at least 100 people: no user id and no group small enough to stand for a person.
 */
export const scoreNorms = pgTable(
  'score_norms',
  {
    /** environment, big5 or values. */
    assessment: text().notNull(),
    /** A BIG5 trait or facet, an environment scale, a value. */
    scaleId: text().notNull(),
    /** 'everyone', or the age band at completion: 'under_25', '25_39', '40_54', '55_plus'. */
    normGroup: text().notNull(),
    groupSize: integer().notNull(),
    /** 101 counts: counts[s + 1] (SQL is 1-based) people scored s, rounded to a whole point. */
    counts: integer().array().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.assessment, table.scaleId, table.normGroup] }),
    check('score_norms_group_known', sql`${table.normGroup} in ('everyone', 'under_25', '25_39', '40_54', '55_plus')`),
    check('score_norms_counts_per_point', sql`cardinality(${table.counts}) = 101`),
    // The privacy floor of the issue (minNormGroupSize in packages/assessments): never a small group.
    check('score_norms_group_of_100', sql`${table.groupSize} >= 100`),
  ],
);
