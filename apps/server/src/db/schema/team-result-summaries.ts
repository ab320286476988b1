import { boolean, pgTable, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The few numbers of each person's scored sets that the team overview adds up (issue 13), as
 * arrays instead of the result's JSON, so an organisation of 10,000 is summed without reading
 * 30,000 JSON documents (bench/team-overview.mjs). Kept by a trigger on assessment_results
 * (migration 0032) in the transaction that writes, rescores or deletes a result, whoever does it;
 * a set's columns are null until it is completed. Arrays of one set line up with its `_ids`.
 */
export const teamResultSummaries = pgTable('team_result_summaries', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** BIG5 domains in the result's order; scores 0-100 rounded to one decimal as people see them; bands 0 low, 1 average, 2 high. */
  big5Ids: text().array(),
  big5Labels: text().array(),
  big5Scores: real().array(),
  big5Bands: smallint().array(),
  /** The ten values by id; true where the person ranks the value among their top three. */
  valuesIds: text().array(),
  valuesLabels: text().array(),
  valuesTopThree: boolean().array(),
  /** Culture preferences in the result's order, their shares (0-100), and the 1-based position of the largest (the first on a tie). */
  cultureIds: text().array(),
  cultureLabels: text().array(),
  cultureShares: smallint().array(),
  culturePreferred: smallint(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
