import { tenureBands, type TenureBand } from '@app/contract/team-insights';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { checkedRow } from '../../db/checked-row.ts';

// The team overview's numbers, summed inside PostgreSQL per (position title, tenure band) cell and
// per scale: no person's score leaves the database, only counts and sums of a cell. Only members
// with a stored result of the set count (assessment_results exists once the set is completed), so
// invited people and people still answering never do. The cells add up to any filtered group, and
// their sizes are what the disclosure rules decide on (group-disclosure.ts).

/**
 * The organisation's members with the position title of the wizard's lists (employees first, then
 * users, matched by e-mail address) and the tenure band of their membership's start.
 */
function membersWithFilters(organisationId: string, now: Date): SQL {
  return sql`
    select om.user_id,
      (select btrim(p.position_title) from organisation_people p
        where p.organisation_id = om.organisation_id and p.list in ('employee', 'user')
          and lower(p.email) = lower(u.email) and btrim(coalesce(p.position_title, '')) <> ''
        order by p.list = 'employee' desc, p.created_at, p.id limit 1) as title,
      case
        when om.created_at > ${now}::timestamptz - interval '6 months' then 'under_6_months'
        when om.created_at > ${now}::timestamptz - interval '12 months' then '6_to_12_months'
        when om.created_at > ${now}::timestamptz - interval '24 months' then '1_to_2_years'
        else 'over_2_years' end as tenure
    from organisation_members om
    join users u on u.id = om.user_id
    where om.organisation_id = ${organisationId}`;
}

const cellColumns = {
  title: z.string().nullable(),
  tenure: z.enum(tenureBands),
  id: z.string(),
  label: z.string(),
  ordinal: z.number().int(),
  people: z.number().int(),
};

/** One scale of one cell: the respondents and what they add up to. */
const big5Row = z.strictObject({ ...cellColumns, score_sum: z.number(), low: z.number().int(), average: z.number().int(), high: z.number().int(), histogram: z.array(z.number().int()).length(10) });
const valuesRow = z.strictObject({ ...cellColumns, top_three: z.number().int() });
const cultureRow = z.strictObject({ ...cellColumns, share_sum: z.number(), preferred_by: z.number().int() });
export type Big5CellRow = z.infer<typeof big5Row>;
export type ValuesCellRow = z.infer<typeof valuesRow>;
export type CultureCellRow = z.infer<typeof cultureRow>;

export interface CellKey {
  title: string | null;
  tenure: TenureBand;
}

/** BIG5 domains: mean score (as people see it, one decimal), bands, and people per tenth of 0-100. */
export async function big5Cells(db: DatabaseHandle, organisationId: string, now: Date): Promise<Big5CellRow[]> {
  const histogram = Array.from({ length: 10 }, (_, tenth) => sql.raw(`count(*) filter (where bin.tenth = ${tenth})`));
  const result = await db.execute(sql`
    with m as (${membersWithFilters(organisationId, now)})
    select m.title, m.tenure, d.e->>'id' as id, max(d.e->>'label') as label, min(d.ordinal)::int as ordinal, count(*)::int as people,
      sum(bin.score)::float8 as score_sum,
      count(*) filter (where d.e->>'band' = 'low')::int as low,
      count(*) filter (where d.e->>'band' = 'average')::int as average,
      count(*) filter (where d.e->>'band' = 'high')::int as high,
      array[${sql.join(histogram, sql`, `)}]::int[] as histogram
    from m
    join assessment_results r on r.user_id = m.user_id and r.assessment = 'big5'
    cross join lateral jsonb_array_elements(r.scores->'traits') with ordinality as d(e, ordinal)
    cross join lateral (select round((d.e->>'score')::numeric, 1) as score) as s
    cross join lateral (select s.score, least(9, floor(s.score / 10))::int as tenth) as bin
    group by m.title, m.tenure, d.e->>'id'`);
  return result.rows.map((row) => checkedRow('team overview: BIG5 cells', big5Row, row));
}

/** Values: how many rank each value among their top three. */
export async function valuesCells(db: DatabaseHandle, organisationId: string, now: Date): Promise<ValuesCellRow[]> {
  const result = await db.execute(sql`
    with m as (${membersWithFilters(organisationId, now)})
    select m.title, m.tenure, v.e->>'id' as id, max(v.e->>'label') as label, min(v.ordinal)::int as ordinal, count(*)::int as people,
      count(*) filter (where (v.e->>'rank')::int <= 3)::int as top_three
    from m
    join assessment_results r on r.user_id = m.user_id and r.assessment = 'values'
    cross join lateral jsonb_array_elements(r.scores->'top_values') with ordinality as v(e, ordinal)
    group by m.title, m.tenure, v.e->>'id'`);
  return result.rows.map((row) => checkedRow('team overview: values cells', valuesRow, row));
}

/** Culture preferences: the sum of each preference's share, and who prefers it most (the first in bank order on a tie). */
export async function cultureCells(db: DatabaseHandle, organisationId: string, now: Date): Promise<CultureCellRow[]> {
  const result = await db.execute(sql`
    with m as (${membersWithFilters(organisationId, now)})
    select m.title, m.tenure, c.e->>'id' as id, max(c.e->>'label') as label, min(c.ordinal)::int as ordinal, count(*)::int as people,
      sum((c.e->>'share')::int)::float8 as share_sum,
      count(*) filter (where c.e->>'id' = top.id)::int as preferred_by
    from m
    join assessment_results r on r.user_id = m.user_id and r.assessment = 'environment'
    cross join lateral (
      select x.e->>'id' as id from jsonb_array_elements(r.scores->'culture_mix') with ordinality as x(e, ordinal)
      order by (x.e->>'share')::int desc, x.ordinal limit 1) as top
    cross join lateral jsonb_array_elements(r.scores->'culture_mix') with ordinality as c(e, ordinal)
    group by m.title, m.tenure, c.e->>'id'`);
  return result.rows.map((row) => checkedRow('team overview: culture cells', cultureRow, row));
}

/** The position titles of the organisation's lists, for the filter. */
export async function positionTitles(db: DatabaseHandle, organisationId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct btrim(position_title) as title from organisation_people
    where organisation_id = ${organisationId} and list in ('employee', 'user') and btrim(coalesce(position_title, '')) <> ''
    order by 1`);
  return result.rows.map((row) => checkedRow('team overview: position titles', z.strictObject({ title: z.string() }), row).title);
}
