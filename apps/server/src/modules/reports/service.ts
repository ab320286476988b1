import { reportDocument, reportMessages, reportAssessments, reportTitles, type ReportListItem, type ReportNarrative, type ReportView } from '@app/contract/reports';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { ReportNarratives } from './narrative/report-narratives.ts';
import { ReportStateError } from './report-errors.ts';
import type { ReportListCache } from './report-list-cache.ts';
import { queueGeneration } from './report-generation.ts';
import { findOwnedReport, listReportRows, toReportListItem, type ReportRow } from './report-rows.ts';

export interface ReportsServiceDeps {
  db: Database;
  jobs: JobQueue;
  storage: FileStorage;
  clock: Clock;
  narratives: ReportNarratives;
  listCache: ReportListCache;
}

export interface ReportFile {
  fileName: string;
  pdf: Buffer;
}

/**
 * The reports of spec sections 2-4 (issue 11): the list, the web view, the PDF, 'Try again' and
 * the free update with the latest answers. Every call is for the caller's own reports: another
 * user's report, an unknown id or a wrong type for a right id are all 404.
 */
export function createReportsService({ db, jobs, storage, clock, narratives, listCache }: ReportsServiceDeps) {
  async function owned(userId: string, type: string, id: string): Promise<ReportRow> {
    const row = await findOwnedReport(db, userId, type, id);
    if (!row) throw new NotFoundError(reportMessages.notFound);
    return row;
  }

  async function edition(reportId: string, number: number) {
    const result = await db.execute<{ document: unknown; storage_key: string; answers_date: string }>(
      sql`select document, storage_key, answers_date from report_editions where report_id = ${reportId} and edition = ${number}`,
    );
    const row = result.rows[0];
    if (!row) throw new NotFoundError(reportMessages.notFound);
    return row;
  }

  /** The first opening on the web or download ends 'New purchase'. */
  async function markOpened(row: ReportRow): Promise<void> {
    if (row.openedAt !== null) return;
    await db.execute(sql`update granted_reports set opened_at = ${clock.now()} where id = ${row.id} and opened_at is null`);
    // The reader's next list (the web view asks for it) must not say 'New purchase' any more.
    listCache.evictUser(row.userId);
  }

  /** The newest answer date of the sets the report is made from. */
  async function latestAnswersDate(row: ReportRow): Promise<Date | null> {
    const result = await db.execute<{ latest: string | null }>(sql`
      select max(completed_at) as latest from assessment_results
      where user_id = ${row.userId} and assessment = any(${`{${reportAssessments[row.type].join(',')}}`}::text[])`);
    const latest = result.rows[0]?.latest;
    return latest ? new Date(latest) : null;
  }

  /** The answers changed after the current edition was made, and no newer edition is on its way. */
  async function updateAvailable(row: ReportRow, answersDate: Date): Promise<boolean> {
    if (row.currentEdition === null || row.requestedEdition > row.currentEdition) return false;
    const latest = await latestAnswersDate(row);
    return latest !== null && latest.getTime() > answersDate.getTime();
  }

  return {
    async list(userId: string): Promise<ReportListItem[]> {
      return listCache.read(userId, async () => (await listReportRows(db, userId)).map(toReportListItem));
    },

    /** The current edition's document; 409 while no edition is ready. */
    async view(userId: string, type: string, id: string): Promise<ReportView['data']> {
      const row = await owned(userId, type, id);
      if (row.currentEdition === null) throw new ReportStateError('report_not_ready', reportMessages.notReady);
      const current = await edition(row.id, row.currentEdition);
      await markOpened(row);
      return {
        report: { ...toReportListItem(row), is_new: false },
        document: reportDocument.parse(current.document),
        update_available: await updateAvailable(row, new Date(current.answers_date)),
        narrative: await narratives.forEdition(row.id, row.currentEdition),
      };
    },

    /** The PDF of the current edition, or of an earlier one (`edition`). */
    async pdf(userId: string, type: string, id: string, requested: number | undefined): Promise<ReportFile> {
      const row = await owned(userId, type, id);
      const number = requested ?? row.currentEdition;
      if (number === null) throw new ReportStateError('report_not_ready', reportMessages.notReady);
      if (row.currentEdition === null || number > row.currentEdition) throw new NotFoundError(reportMessages.notFound);
      const stored = await edition(row.id, number);
      const pdf = await storage.get(stored.storage_key);
      if (!pdf) throw new Error(`report ${row.id} edition ${number}: its file ${stored.storage_key} is missing`);
      await markOpened(row);
      return { fileName: reportFileName(row, number), pdf };
    },

    /** 'Try again' on a failed report: pending again, and queued. */
    async retry(userId: string, type: string, id: string): Promise<ReportListItem> {
      const row = await owned(userId, type, id);
      const result = await db.execute(sql`
        update granted_reports set status = 'pending', failure_reason = null, updated_at = ${clock.now()}
        where id = ${row.id} and status = 'failed'`);
      if (result.rowCount === 0) throw new ReportStateError('report_not_failed', reportMessages.notFailed);
      listCache.evictUser(userId);
      await queueGeneration(jobs, { reportId: row.id, edition: row.requestedEdition });
      return toReportListItem({ ...row, status: 'pending' });
    },

    /** Retry of the current edition's AI narrative after it could not be written (409 when narratives are off). */
    async retryNarrative(userId: string, type: string, id: string): Promise<ReportNarrative> {
      const row = await owned(userId, type, id);
      if (!narratives.enabled) throw new ReportStateError('report_narrative_disabled', reportMessages.narrativeDisabled);
      if (row.currentEdition === null) throw new ReportStateError('report_not_ready', reportMessages.notReady);
      return narratives.retry(row.id, row.currentEdition);
    },

    /** The free update: a new edition from the latest answers; the current one stays readable meanwhile. */
    async update(userId: string, type: string, id: string): Promise<ReportListItem> {
      const row = await owned(userId, type, id);
      if (row.currentEdition === null) throw new ReportStateError('report_not_ready', reportMessages.notReady);
      const current = await edition(row.id, row.currentEdition);
      if (!(await updateAvailable(row, new Date(current.answers_date)))) throw new ReportStateError('report_up_to_date', reportMessages.upToDate);
      const next = row.currentEdition + 1;
      const result = await db.execute(sql`
        update granted_reports set status = 'pending', requested_edition = ${next}, updated_at = ${clock.now()}
        where id = ${row.id} and requested_edition = ${row.requestedEdition} and current_edition = ${row.currentEdition}`);
      if (result.rowCount === 0) throw new ReportStateError('report_up_to_date', reportMessages.upToDate);
      listCache.evictUser(userId);
      await queueGeneration(jobs, { reportId: row.id, edition: next });
      return toReportListItem({ ...row, status: 'pending', requestedEdition: next });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** "Compass - BIG5 personality report - 2026-11-26.pdf"; later editions say which. */
function reportFileName(row: ReportRow, edition: number): string {
  const date = (row.generatedAt ?? row.createdAt).toISOString().slice(0, 10);
  return `Compass - ${reportTitles[row.type]}${edition > 1 ? ` (edition ${edition})` : ''} - ${date}.pdf`;
}
