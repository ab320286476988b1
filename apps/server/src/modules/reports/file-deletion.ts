import { eq, isNotNull, and } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { grantedReports } from '../../db/schema/granted-reports.ts';
import { reportEditions } from '../../db/schema/report-editions.ts';
import { teamReports } from '../../db/schema/team-reports.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import type { JobQueue, SqlTransaction } from '../../lib/job-queue.ts';

// Issue 14: the stored PDFs of a deleted account's reports, and of a closed organisation's team
// reports, are removed from the file storage (folder or S3) after the deletion commits. The
// deletion's transaction reads their keys before its rows go and queues one job with them in the
// same transaction: the job exists if and only if the deletion committed, so a rolled-back
// deletion removes no file, and a failed removal never undoes the deletion: the job is retried
// with backoff and every failure is logged.

/** One job per deletion: the storage keys to remove. */
export const reportFileDeletionQueue = 'reports.delete-files';

export interface ReportFileDeletionJob {
  keys: string[];
}

/** The storage keys of every edition of the user's reports (read before the rows are deleted). */
export async function reportFileKeysOfUser(tx: DatabaseHandle, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: reportEditions.storageKey })
    .from(reportEditions)
    .innerJoin(grantedReports, eq(grantedReports.id, reportEditions.reportId))
    .where(eq(grantedReports.userId, userId));
  return rows.map((row) => row.key);
}

/** The storage keys of the organisation's team report editions. */
export async function teamReportFileKeysOf(tx: DatabaseHandle, organisationId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: teamReports.storageKey })
    .from(teamReports)
    .where(and(eq(teamReports.organisationId, organisationId), isNotNull(teamReports.storageKey)));
  return rows.flatMap((row) => (row.key === null ? [] : [row.key]));
}

/** Queues the removal of the files in the caller's transaction (nothing when there are none). */
export async function queueReportFileDeletion(jobs: JobQueue, tx: SqlTransaction, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await jobs.send<ReportFileDeletionJob>(reportFileDeletionQueue, { keys: [...new Set(keys)] }, { transaction: tx });
}

/** Defines the queue: ten retries from 30 s, each delay doubled (the last after about 8 hours). */
export function defineReportFileDeletionJob(options: { jobs: JobQueue; storage: FileStorage; logger: FastifyBaseLogger }): void {
  const { jobs, storage, logger } = options;
  jobs.define<ReportFileDeletionJob>(
    reportFileDeletionQueue,
    { retryLimit: 10, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 5 * 60, pollingIntervalSeconds: 2 },
    async ({ keys }, context) => {
      const failed: string[] = [];
      for (const key of keys) {
        // Removing a file already gone succeeds (folder and S3 alike), so a retry redoes all.
        await storage.delete(key).catch((error: unknown) => {
          failed.push(key);
          logger.error({ err: error, key, attempt: context.retryCount + 1 }, 'could not remove a deleted report file; retried later');
        });
      }
      if (failed.length > 0) throw new Error(`${failed.length} of ${keys.length} report files not removed`);
      logger.info({ files: keys.length }, 'removed the files of deleted reports');
    },
  );
}
