import { tenureBands, type TenureBand } from '@app/contract/team-insights';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { checkedRow } from '../../db/checked-row.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';

// The team overview's numbers, summed inside PostgreSQL per (position title, tenure band) cell and
// per scale: no person's score leaves the database, only counts and sums of a cell. Only members
// with a scored set count (a summary's set columns are filled when the set is completed), so
// invited people and people still answering never do. The cells add up to any filtered group, and
// their sizes are what the disclosure rules decide on (group-disclosure.ts).
//
// The sums read team_result_summaries (kept by a trigger on assessment_results, migration 0033),
// not the results' JSON: 10,000 members took 2.2 s from the JSON on a loaded machine
// (docs/performance.md). A set's scales (ids, in order) are those of the member's summary written
// last; a member whose set was scored under other scales (an older bank; results are not rescored
// when a bank changes) is left out of that set rather than added up position by position.

/**
 * Whose results an overview sums: an organisation's members, or an event organiser's attendees
 * (event-attendees module; they are not members, and the organiser's own members do not count).
 */
export type TeamPopulation = 'members' | 'event_attendees';

const tenureOf = (start: SQL, now: Date) => sql`
      case
        when ${start} > ${now}::timestamptz - interval '6 months' then 'under_6_months'
        when ${start} > ${now}::timestamptz - interval '12 months' then '6_to_12_months'
        when ${start} > ${now}::timestamptz - interval '24 months' then '1_to_2_years'
        else 'over_2_years' end`;

/**
 * The people of the population with what the filters group them by. Members: the position title
 * of the wizard's lists (employees first, then users, matched by e-mail address) and the tenure
 * band of their membership's start. Attendees: their session (its id, in the title's place) and
 * the band of their joining.
 */
function membersWithFilters(organisationId: string, now: Date, population: TeamPopulation = 'members'): SQL {
  if (population === 'event_attendees') {
    return sql`
    select a.user_id, a.session_id::text as title, ${tenureOf(sql`a.joined_at`, now)} as tenure
    from event_attendees a
    where a.organisation_id = ${organisationId}`;
  }
  return sql`
    select om.user_id, t.title,
      case
        when om.created_at > ${now}::timestamptz - interval '6 months' then 'under_6_months'
        when om.created_at > ${now}::timestamptz - interval '12 months' then '6_to_12_months'
        when om.created_at > ${now}::timestamptz - interval '24 months' then '1_to_2_years'
        else 'over_2_years' end as tenure
    from organisation_members om
    join users u on u.id = om.user_id
    left join (
      select distinct on (lower(p.email)) lower(p.email) as email, btrim(p.position_title) as title
      from organisation_people p
      where p.organisation_id = ${organisationId} and p.list in ('employee', 'user') and btrim(coalesce(p.position_title, '')) <> ''
      order by lower(p.email), p.list = 'employee' desc, p.created_at, p.id) as t on t.email = lower(u.email)
    where om.organisation_id = ${organisationId}`;
}

export interface CellKey {
  title: string | null;
  tenure: TenureBand;
}

/** One scale of one cell: its respondents, the scale's place and name. */
interface ScaleCell extends CellKey {
  id: string;
  label: string;
  ordinal: number;
  people: number;
}
export interface Big5CellRow extends ScaleCell {
  score_sum: number;
  low: number;
  average: number;
  high: number;
}
export interface ValuesCellRow extends ScaleCell {
  top_three: number;
}
export interface CultureCellRow extends ScaleCell {
  share_sum: number;
  preferred_by: number;
}

export interface TeamOverviewCells {
  big5: Big5CellRow[];
  values: ValuesCellRow[];
  culture: CultureCellRow[];
}

const names = z.array(z.string()).nullable();
const shapeRow = z.strictObject({ big5_ids: names, big5_labels: names, values_ids: names, values_labels: names, culture_ids: names, culture_labels: names });

const counts = z.array(z.number().int());
const sums = z.array(z.number().nullable());
const cellRow = z.strictObject({
  title: z.string().nullable(),
  tenure: z.enum(tenureBands),
  big5_people: z.number().int(),
  big5_sums: sums,
  big5_low: counts,
  big5_average: counts,
  big5_high: counts,
  values_people: z.number().int(),
  values_top_three: counts,
  culture_people: z.number().int(),
  culture_sums: sums,
  culture_preferred: counts,
});

/** `array[expression(1), expression(2), ...]` for each position of a set's scales. */
function perScale(length: number, expression: (position: number) => string): SQL {
  return sql.raw(`array[${Array.from({ length }, (_, index) => expression(index + 1)).join(', ')}]`);
}

/** Every cell of the organisation with its sums per scale, in two statements. */
export async function teamOverviewCells(db: DatabaseHandle, organisationId: string, now: Date, population: TeamPopulation = 'members'): Promise<TeamOverviewCells> {
  const people = population === 'event_attendees' ? sql`event_attendees` : sql`organisation_members`;
  // The scales (ids, names, order) of each set, from the member whose summary was written last
  // (the members' summaries read once, then searched per column).
  const latest = (name: string) => {
    const column = sql.raw(name);
    return sql`(select ${column} from summaries where ${column} is not null order by updated_at desc, user_id limit 1) as ${column}`;
  };
  const shapeResult = await db.execute(sql`
    with summaries as materialized (
      select s.* from ${people} om join team_result_summaries s on s.user_id = om.user_id where om.organisation_id = ${organisationId})
    select ${sql.join(['big5_ids', 'big5_labels', 'values_ids', 'values_labels', 'culture_ids', 'culture_labels'].map(latest), sql`, `)}`);
  const shape = checkedRow('team overview: scales', shapeRow, shapeResult.rows[0]);
  const big5Count = shape.big5_ids?.length ?? 0;
  const valuesCount = shape.values_ids?.length ?? 0;
  const cultureCount = shape.culture_ids?.length ?? 0;

  const idsOf = (ids: string[] | null) =>
    ids === null || ids.length === 0 ? sql`null::text[]` : sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  const result = await db.execute(sql`
    with m as materialized (${membersWithFilters(organisationId, now, population)}),
    s as (
      select s.user_id,
        case when s.big5_ids = ${idsOf(shape.big5_ids)} then s.big5_scores end as big5_scores,
        case when s.big5_ids = ${idsOf(shape.big5_ids)} then s.big5_bands end as big5_bands,
        case when s.values_ids = ${idsOf(shape.values_ids)} then s.values_top_three end as values_top_three,
        case when s.culture_ids = ${idsOf(shape.culture_ids)} then s.culture_shares end as culture_shares,
        case when s.culture_ids = ${idsOf(shape.culture_ids)} then s.culture_preferred end as culture_preferred
      from team_result_summaries s
      where s.user_id in (select user_id from m))
    select m.title, m.tenure,
      count(s.big5_scores)::int as big5_people,
      ${perScale(big5Count, (k) => `sum(s.big5_scores[${k}])::float8`)}::float8[] as big5_sums,
      ${perScale(big5Count, (k) => `count(*) filter (where s.big5_bands[${k}] = 0)`)}::int[] as big5_low,
      ${perScale(big5Count, (k) => `count(*) filter (where s.big5_bands[${k}] = 1)`)}::int[] as big5_average,
      ${perScale(big5Count, (k) => `count(*) filter (where s.big5_bands[${k}] = 2)`)}::int[] as big5_high,
      count(s.values_top_three)::int as values_people,
      ${perScale(valuesCount, (k) => `count(*) filter (where s.values_top_three[${k}])`)}::int[] as values_top_three,
      count(s.culture_shares)::int as culture_people,
      ${perScale(cultureCount, (k) => `sum(s.culture_shares[${k}])::float8`)}::float8[] as culture_sums,
      ${perScale(cultureCount, (k) => `count(*) filter (where s.culture_preferred = ${k})`)}::int[] as culture_preferred
    from m
    join s on s.user_id = m.user_id
    group by m.title, m.tenure`);
  const cells = result.rows.map((row) => checkedRow('team overview: cells', cellRow, row));

  const scales = (ids: string[] | null, labels: string[] | null) => (ids ?? []).map((id, index) => ({ id, label: labels?.[index] ?? id, ordinal: index + 1, index }));
  const cell = (row: z.infer<typeof cellRow>) => ({ title: row.title, tenure: row.tenure });
  return {
    big5: cells
      .filter((row) => row.big5_people > 0)
      .flatMap((row) =>
        scales(shape.big5_ids, shape.big5_labels).map(({ index, ...scale }) => ({
          ...cell(row),
          ...scale,
          people: row.big5_people,
          score_sum: row.big5_sums[index] ?? 0,
          low: row.big5_low[index] ?? 0,
          average: row.big5_average[index] ?? 0,
          high: row.big5_high[index] ?? 0,
        })),
      ),
    values: cells
      .filter((row) => row.values_people > 0)
      .flatMap((row) =>
        scales(shape.values_ids, shape.values_labels).map(({ index, ...scale }) => ({ ...cell(row), ...scale, people: row.values_people, top_three: row.values_top_three[index] ?? 0 })),
      ),
    culture: cells
      .filter((row) => row.culture_people > 0)
      .flatMap((row) =>
        scales(shape.culture_ids, shape.culture_labels).map(({ index, ...scale }) => ({
          ...cell(row),
          ...scale,
          people: row.culture_people,
          share_sum: row.culture_sums[index] ?? 0,
          preferred_by: row.culture_preferred[index] ?? 0,
        })),
      ),
  };
}

/** The position titles of the organisation's lists, for the filter. */
export async function positionTitles(db: DatabaseHandle, organisationId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct btrim(position_title) as title from organisation_people
    where organisation_id = ${organisationId} and list in ('employee', 'user') and btrim(coalesce(position_title, '')) <> ''
    order by 1`);
  return result.rows.map((row) => checkedRow('team overview: position titles', z.strictObject({ title: z.string() }), row).title);
}

/** An event organiser's sessions, for its overview's filter (their names are the organiser's own). */
export async function eventSessionsOf(db: DatabaseHandle, organisationId: string): Promise<{ id: string; name: string }[]> {
  const result = await db.execute(sql`select id::text as id, name from event_sessions where organisation_id = ${organisationId} order by created_at, id`);
  return result.rows.map((row) => checkedRow('team overview: event sessions', z.strictObject({ id: z.string(), name: z.string() }), row));
}
