import { minNormGroupSize, normGroups, type NormGroup, type ScoreNorm } from '@app/assessments/reports/norms';
import type { AssessmentId } from '@app/assessments/reports/norms';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';

// Norms for report percentiles (issue 11): the table score_norms (migration 0018) holds, per
// assessment, scale and norm group of at least 100 people, how many scored each whole point 0-100.
// It is computed inside the database by one aggregate over assessment_results, so no person's row
// ever leaves it, and replaced whole by the `reports.norms` job.

export const scoreNormsQueue = 'reports.norms';

/** Hourly, at a minute of its own (UTC); every instance also queues one when it starts. */
export const scoreNormsSchedule = '23 * * * *';

/** A queued refresh leaves norms this recent alone: several instances starting together compute them once. */
export const recentNormsMinutes = 10;

// Two refreshes never run at once (several instances starting, the schedule).
const refreshLock = sql`hashtextextended(${scoreNormsQueue}, 0)`;

/**
 * The norm group of a person's age when they completed the set (their last answer, in UTC), or
 * null without a birth date. Age at completion, not today: a result keeps the group it was given
 * in, and a report compares the person with people who were their age when they answered.
 */
function ageBandAtCompletion(completedAt: SQL, birthDate: SQL): SQL<NormGroup | null> {
  const age = sql`date_part('year', age((${completedAt} at time zone 'UTC')::date, ${birthDate}))`;
  return sql<NormGroup | null>`case
    when ${birthDate} is null then null
    when ${age} < 25 then 'under_25'
    when ${age} < 40 then '25_39'
    when ${age} < 55 then '40_54'
    else '55_plus' end`;
}

/**
 * Every score the report composer looks up, per result row: BIG5 traits and facets and
 * environment scales with their 0-100 score, and values with their 1-6 mean on 0-100; each rounded
 * as the report rounds it (one decimal, then the whole point of norms.ts, half up).
 */
const scoredScales = sql`
  select e->>'id', round((e->>'score')::numeric, 1)
    from jsonb_array_elements(case when r.assessment = 'big5' then r.scores->'traits' end) e
  union all
  select f->>'id', round((f->>'score')::numeric, 1)
    from jsonb_array_elements(case when r.assessment = 'big5' then r.scores->'traits' end) e, jsonb_array_elements(e->'facets') f
  union all
  select e->>'id', round((e->>'score')::numeric, 1)
    from jsonb_array_elements(case when r.assessment = 'environment' then r.scores->'scales' end) e
  union all
  -- compose-values.ts valueScore: (mean rounded to 2 decimals - 1) / 5 on 0-100, one decimal.
  select e->>'id', least(100, greatest(0, round((round((e->>'mean')::numeric, 2) - 1) * 20, 1)))
    from jsonb_array_elements(case when r.assessment = 'values' then r.scores->'top_values' end) e`;

/**
 * Recomputes the whole table in one transaction: readers see the old norms until it commits, and
 * a second refresh waits for the first. `skipIfRecent` (the queued job): leaves norms computed
 * less than `recentNormsMinutes` ago, so a start-up finds the table empty or old before it works.
 * Returns the norm rows written, or null when skipped.
 */
export async function refreshScoreNorms(db: Database, now: Date, options: { skipIfRecent?: boolean } = {}): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${refreshLock})`);
    if (options.skipIfRecent) {
      const recentSince = new Date(now.getTime() - recentNormsMinutes * 60 * 1000);
      const recent = await tx.execute<{ found: boolean }>(sql`select exists (select 1 from score_norms where computed_at > ${recentSince}) as found`);
      if (recent.rows[0]?.found) return null;
    }
    await tx.execute(sql`delete from score_norms`);
    const inserted = await tx.execute(sql`
      with scored as (
        select r.assessment, s.scale_id, least(100, greatest(0, round(s.score)))::int as point, ${ageBandAtCompletion(sql`r.completed_at`, sql`u.birth_date`)} as age_band
        from assessment_results r
        join users u on u.id = r.user_id
        cross join lateral (${scoredScales}) as s(scale_id, score)
        where s.scale_id is not null and s.score is not null
      ),
      grouped as (
        select scored.assessment, scored.scale_id, g.norm_group, scored.point
        from scored cross join lateral (values ('everyone'), (scored.age_band)) as g(norm_group)
        where g.norm_group is not null
      ),
      per_point as (
        select assessment, scale_id, norm_group, point, count(*)::int as people,
               sum(count(*)) over (partition by assessment, scale_id, norm_group)::int as group_size
        from grouped
        group by assessment, scale_id, norm_group, point
      )
      insert into score_norms (assessment, scale_id, norm_group, group_size, counts, computed_at)
      select g.assessment, g.scale_id, g.norm_group, g.group_size, array_agg(coalesce(p.people, 0) order by i.point), ${now}
      from (select distinct assessment, scale_id, norm_group, group_size from per_point where group_size >= ${minNormGroupSize}) g
      cross join generate_series(0, 100) as i(point)
      left join per_point p on p.assessment = g.assessment and p.scale_id = g.scale_id and p.norm_group = g.norm_group and p.point = i.point
      group by g.assessment, g.scale_id, g.norm_group, g.group_size`);
    return inserted.rowCount ?? 0;
  });
}

/**
 * The norms one report of this user needs: for each of its assessments the user completed, the
 * 'everyone' group and the user's age band at that completion (those of at least 100 people).
 */
export async function loadReportNorms(db: Database, userId: string, assessments: readonly AssessmentId[]): Promise<ScoreNorm[]> {
  if (assessments.length === 0) return [];
  const result = await db.execute<{ assessment: AssessmentId; scale_id: string; norm_group: NormGroup; counts: number[] }>(sql`
    select n.assessment, n.scale_id, n.norm_group, n.counts
    from assessment_results r
    join users u on u.id = r.user_id
    join score_norms n on n.assessment = r.assessment
      and n.norm_group in ('everyone', ${ageBandAtCompletion(sql`r.completed_at`, sql`u.birth_date`)})
    where r.user_id = ${userId} and r.assessment in (${sql.join(
      assessments.map((assessment) => sql`${assessment}`),
      sql`, `,
    )})
    order by n.assessment, n.scale_id, n.norm_group`);
  return result.rows
    .filter((row) => (normGroups as readonly string[]).includes(row.norm_group))
    .map((row) => ({ assessment: row.assessment, scaleId: row.scale_id, group: row.norm_group, counts: row.counts }));
}
