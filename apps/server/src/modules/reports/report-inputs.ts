import { toResultsResponse, type StoredResult } from '@app/assessments/results-response';
import { resultFlag } from '@app/contract/assessment-results';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';

/** What a report of this user is made from: their name and their scored sets, as the results call shapes them. */
export async function loadReportInputs(db: Database, userId: string) {
  const result = await db.execute<{ name: string; assessment: string | null; scores: unknown; completed_at: string | null; flags: string[] | null }>(sql`
    select u.name, r.assessment, r.scores, r.completed_at, r.flags
    from users u left join assessment_results r on r.user_id = u.id
    where u.id = ${userId}`);
  const rows = result.rows;
  const stored = (assessment: string): StoredResult | null => {
    const row = rows.find((candidate) => candidate.assessment === assessment);
    return row?.completed_at ? { scores: row.scores, completedAt: row.completed_at, flags: resultFlag.array().parse(row.flags ?? []) } : null;
  };
  return {
    personName: rows[0]?.name ?? '',
    results: toResultsResponse({ environment: stored('environment'), big5: stored('big5'), values: stored('values') }),
  };
}
