import { teamInsightMessages, tenureBands, type SuppressedGroup, type TeamOverview, type TeamOverviewQuery } from '@app/contract/team-insights';
import type { Database } from '../../db/connection.ts';
import { decideDisclosure, type GroupDisclosure, type GroupKey } from './group-disclosure.ts';
import { currentGroupMinimum } from './group-minimum-service.ts';
import { insightsAccess, requireCapability } from './insights-access.ts';
import type { TeamOverviewCache } from './team-overview-cache.ts';
import { eventSessionsOf, positionTitles, teamOverviewCells, type CellKey } from './team-overview-cells.ts';

// Issue 13, "Team insights": the team overview of an organisation for a viewer allowed to see it,
// optionally filtered by position title and tenure. Each set (BIG5, values, culture) has its own
// respondents, so each is decided on its own: shown with its numbers, or suppressed with the
// reason and the message to show. Summed from the results' summaries, which a trigger keeps with
// every result written, and held in memory per organisation until one of their sources changes
// (team-overview-cache.ts; measured: bench/team-overview.mjs, docs/performance.md).

interface CellRow extends CellKey {
  id: string;
  label: string;
  ordinal: number;
  people: number;
}

const suppressed = (reason: SuppressedGroup['reason']): SuppressedGroup => ({
  status: 'suppressed',
  reason,
  message: reason === 'below_minimum' ? teamInsightMessages.notEnoughResponses : teamInsightMessages.hiddenByDifference,
});

const inGroup = (group: GroupKey) => (row: CellKey) => (group.title === null || row.title === group.title) && (group.tenure === null || row.tenure === group.tenure);

/**
 * Every group's disclosure for one set's rows under the minimum, decided once per rows (the cached
 * sums keep the same rows until they change) and minimum.
 */
const decided = new WeakMap<readonly CellRow[], Map<number, GroupDisclosure>>();
function disclosureOf(rows: readonly CellRow[], minimum: number): GroupDisclosure {
  const byMinimum = decided.get(rows) ?? new Map<number, GroupDisclosure>();
  decided.set(rows, byMinimum);
  const known = byMinimum.get(minimum);
  if (known) return known;
  // Every respondent has every scale, so a cell's size is its rows' people for any one scale.
  const cells = new Map<string, { title: string | null; tenure: CellKey['tenure']; people: number }>();
  for (const row of rows) cells.set(JSON.stringify([row.title, row.tenure]), { title: row.title, tenure: row.tenure, people: row.people });
  const disclosure = decideDisclosure([...cells.values()], minimum);
  byMinimum.set(minimum, disclosure);
  return disclosure;
}

/**
 * Decides the group for one set's rows; when it may be shown, sums the rows of its cells per scale
 * (in `ordinal` order) with `sum` and hands them to `shape`.
 */
function section<Row extends CellRow, Summed, Shown>(
  rows: readonly Row[],
  group: GroupKey,
  minimum: number,
  sum: (rows: Row[]) => Summed,
  shape: (respondents: number, scales: { id: string; label: string; total: Summed }[]) => Shown,
): Shown | SuppressedGroup {
  const disclosure = disclosureOf(rows, minimum).decide(group);
  if (!disclosure.shown) return suppressed(disclosure.reason);
  const selected = rows.filter(inGroup(group));
  const scales = new Map<string, Row[]>();
  for (const row of selected) {
    const scale = scales.get(row.id);
    if (scale) scale.push(row);
    else scales.set(row.id, [row]);
  }
  const ordered = [...scales.values()].sort((a, b) => a[0]!.ordinal - b[0]!.ordinal || a[0]!.id.localeCompare(b[0]!.id));
  return shape(
    disclosure.people,
    ordered.map((scaleRows) => ({ id: scaleRows[0]!.id, label: scaleRows[0]!.label, total: sum(scaleRows) })),
  );
}

const total = <Row>(rows: Row[], value: (row: Row) => number) => rows.reduce((sum, row) => sum + value(row), 0);
const oneDecimal = (value: number) => Math.round(value * 10) / 10 + 0;

/** The overview for the filter; 404 for a viewer with no relation to the organisation. */
export async function teamOverview(db: Database, cache: TeamOverviewCache, viewerId: string, organisationId: string, query: TeamOverviewQuery, now: Date): Promise<TeamOverview> {
  const access = await insightsAccess(db, viewerId, organisationId);
  requireCapability(access, 'teamOverview');
  // An event organiser's overview is of its attendees, grouped by session where others have titles.
  const event = access.organisationType === 'event_organiser';
  const [minimum, { titles, cells }, sessions] = await Promise.all([
    currentGroupMinimum(db, organisationId, access.organisationType),
    cache.read(organisationId, async () => {
      const [titles, cells] = await Promise.all([event ? [] : positionTitles(db, organisationId), teamOverviewCells(db, organisationId, now, event ? 'event_attendees' : 'members')]);
      return { titles, cells };
    }),
    event ? eventSessionsOf(db, organisationId) : undefined,
  ]);
  const { big5, values, culture } = cells;
  const group: GroupKey = { title: (event ? query.event_session : query.position_title) ?? null, tenure: query.tenure ?? null };
  return {
    organisation_id: organisationId,
    organisation_name: access.organisationName,
    minimum,
    filter: event ? { position_title: null, tenure: group.tenure, event_session: group.title } : { position_title: group.title, tenure: group.tenure },
    filters: sessions ? { position_titles: titles, tenures: [...tenureBands], event_sessions: sessions } : { position_titles: titles, tenures: [...tenureBands] },
    big5: section(
      big5,
      group,
      minimum,
      (rows) => ({
        scoreSum: total(rows, (row) => row.score_sum),
        bands: { low: total(rows, (row) => row.low), average: total(rows, (row) => row.average), high: total(rows, (row) => row.high) },
      }),
      (respondents, scales) => ({
        status: 'shown' as const,
        respondents,
        domains: scales.map((scale) => ({ id: scale.id, label: scale.label, mean: oneDecimal(scale.total.scoreSum / respondents), bands: scale.total.bands })),
      }),
    ),
    values: section(
      values,
      group,
      minimum,
      (rows) => total(rows, (row) => row.top_three),
      (respondents, scales) => ({
        status: 'shown' as const,
        respondents,
        // Most often among the top three first.
        values: scales
          .map((scale) => ({ id: scale.id, label: scale.label, top_three: scale.total, share: oneDecimal((scale.total / respondents) * 100) }))
          .sort((a, b) => b.top_three - a.top_three || a.label.localeCompare(b.label)),
      }),
    ),
    culture: section(
      culture,
      group,
      minimum,
      (rows) => ({ shareSum: total(rows, (row) => row.share_sum), preferredBy: total(rows, (row) => row.preferred_by) }),
      (respondents, scales) => ({
        status: 'shown' as const,
        respondents,
        preferences: scales.map((scale) => ({ id: scale.id, label: scale.label, mean_share: oneDecimal(scale.total.shareSum / respondents), preferred_by: scale.total.preferredBy })),
      }),
    ),
  };
}
