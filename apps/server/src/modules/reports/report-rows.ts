import { reportAssessments, reportTitles, generatedReportType, type GeneratedReportType, type ReportListItem, type ReportStatus, reportStatus } from '@app/contract/reports';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';

/** A report as the list and the routes need it: the grant, its order's payment and its current edition. */
export interface ReportRow {
  id: string;
  userId: string;
  type: GeneratedReportType;
  status: ReportStatus;
  requestedEdition: number;
  currentEdition: number | null;
  openedAt: Date | null;
  createdAt: Date;
  purchasedAt: Date;
  generatedAt: Date | null;
  pageCount: number | null;
  /** The assessments the user has completed (to tell what a pending report waits for). */
  completedAssessments: string[];
}

type RawRow = {
  id: string;
  user_id: string;
  report_type: string;
  status: string;
  requested_edition: number;
  current_edition: number | null;
  opened_at: string | null;
  created_at: string;
  purchased_at: string;
  generated_at: string | null;
  page_count: number | null;
  completed: string[] | null;
};

// One statement for the list and for one report: the grant, when its order was paid, its current
// edition's date and pages, and the assessments the owner has completed.
const selectReports = sql`
  select g.id, g.user_id, g.report_type, g.status, g.requested_edition, g.current_edition, g.opened_at, g.created_at,
         coalesce(o.paid_at, o.created_at) as purchased_at, e.generated_at, e.page_count,
         array(select r.assessment from assessment_results r where r.user_id = g.user_id) as completed
  from granted_reports g
  join orders o on o.id = g.order_id
  left join report_editions e on e.report_id = g.id and e.edition = g.current_edition`;

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

function toRow(raw: RawRow): ReportRow {
  return {
    id: raw.id,
    userId: raw.user_id,
    type: generatedReportType.parse(raw.report_type),
    status: reportStatus.parse(raw.status),
    requestedEdition: raw.requested_edition,
    currentEdition: raw.current_edition,
    openedAt: raw.opened_at === null ? null : toDate(raw.opened_at),
    createdAt: toDate(raw.created_at),
    purchasedAt: toDate(raw.purchased_at),
    generatedAt: raw.generated_at === null ? null : toDate(raw.generated_at),
    pageCount: raw.page_count,
    completedAssessments: raw.completed ?? [],
  };
}

/** The user's reports, newest first (the bundle's reports in a fixed order). */
export async function listReportRows(db: Database, userId: string): Promise<ReportRow[]> {
  const result = await db.execute<RawRow>(sql`${selectReports} where g.user_id = ${userId} order by g.created_at desc, g.report_type`);
  return result.rows.map(toRow);
}

/** One report of its owner, by type and id; null for anything else (someone else's, a wrong type). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findOwnedReport(db: Database, userId: string, type: string, id: string): Promise<ReportRow | null> {
  if (!uuidPattern.test(id)) return null;
  const result = await db.execute<RawRow>(sql`${selectReports} where g.id = ${id} and g.user_id = ${userId} and g.report_type = ${type}`);
  const raw = result.rows[0];
  return raw ? toRow(raw) : null;
}

/** The assessments a report still waits for: empty once every one it needs is complete. */
export function missingAssessments(type: GeneratedReportType, completed: readonly string[]) {
  return reportAssessments[type].filter((assessment) => !completed.includes(assessment));
}

export function toReportListItem(row: ReportRow): ReportListItem {
  return {
    id: row.id,
    type: row.type,
    title: reportTitles[row.type],
    status: row.status,
    generated_at: row.generatedAt?.toISOString() ?? null,
    page_count: row.pageCount,
    purchased_at: row.purchasedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    is_new: row.openedAt === null,
    waiting_for: row.status === 'pending' ? missingAssessments(row.type, row.completedAssessments) : [],
    edition: row.currentEdition ?? row.requestedEdition,
  };
}
