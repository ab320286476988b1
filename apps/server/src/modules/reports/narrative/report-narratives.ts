import { reportDocument, reportMessages, type ReportNarrative } from '@app/contract/reports';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReportAiConfig } from '../../../config.ts';
import type { Database } from '../../../db/connection.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { JobContext, JobQueue } from '../../../lib/job-queue.ts';
import { ReportStateError } from '../report-errors.ts';
import { requestNarrative } from './narrative-client.ts';
import { narrativeInput, narrativeMessages } from './narrative-prompt.ts';

export const writeNarrativeQueue = 'reports.narrative';

/** Retries after a failed attempt, each delay doubled; after the last one the narrative is unavailable. */
export const narrativeRetries = 2;

export interface NarrativeJob {
  reportId: string;
  edition: number;
}

export interface ReportNarrativesDeps {
  db: Database;
  jobs: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Undefined: narratives are off (the default). */
  ai: ReportAiConfig | undefined;
  /** First retry of a failed attempt, in seconds (REPORT_RETRY_DELAY_SECONDS, then doubled). */
  retryDelaySeconds: number;
}

const pending: ReportNarrative = { status: 'pending', text: null, message: null };
const unavailable: ReportNarrative = { status: 'unavailable', text: null, message: reportMessages.aiUnavailable };

/**
 * How long a pending narrative may go untouched before it counts as unavailable: its job died with
 * its server during the last attempt, so nothing will finish it. Each attempt touches it; between
 * two lie at most an attempt (the timeout), the longest backoff delay (pg-boss: up to twice the
 * doubled delay) and the queue's polling, so five minutes more leave room for a busy queue.
 */
export function narrativeStaleAfterMs(timeoutMs: number, retryDelaySeconds: number): number {
  return timeoutMs + 2 ** narrativeRetries * retryDelaySeconds * 1000 + 5 * 60_000;
}

/**
 * The optional AI narrative of report editions (issue 11). When an AI endpoint is configured, every
 * edition gets one, written by the `reports.narrative` job from the edition's scores alone (see
 * narrative-prompt.ts); the report is ready without waiting for it, and a narrative that could not
 * be written shows spec 8's message with a retry. Off: no job, and the web view gets null.
 */
export function createReportNarratives({ db, jobs, clock, log, ai, retryDelaySeconds }: ReportNarrativesDeps) {
  const staleAfterMs = ai ? narrativeStaleAfterMs(ai.timeoutMs, retryDelaySeconds) : 0;
  const key = (job: NarrativeJob) => `${job.reportId}:${job.edition}`;

  /** A pending narrative for a recorded edition that has none yet, and its job; false when there was one. */
  async function start(job: NarrativeJob): Promise<boolean> {
    const inserted = await db.execute(sql`
      insert into report_narratives (report_id, edition, created_at, updated_at)
      select report_id, edition, ${clock.now()}, ${clock.now()} from report_editions where report_id = ${job.reportId} and edition = ${job.edition}
      on conflict do nothing`);
    if (inserted.rowCount === 0) return false;
    await jobs.sendOnce(writeNarrativeQueue, job, key(job));
    return true;
  }

  /** The job: one attempt at writing the narrative while it is pending. */
  async function write(job: NarrativeJob, context: JobContext): Promise<void> {
    if (!ai) return;
    const claimed = await db.execute<{ document: unknown }>(sql`
      update report_narratives n set attempts = n.attempts + 1, updated_at = ${clock.now()}
      from report_editions e
      where n.report_id = ${job.reportId} and n.edition = ${job.edition} and n.status = 'pending'
        and e.report_id = n.report_id and e.edition = n.edition
      returning e.document`);
    const row = claimed.rows[0];
    if (!row) return;
    try {
      const text = await requestNarrative(ai, narrativeMessages(narrativeInput(reportDocument.parse(row.document))));
      const now = clock.now();
      await db.execute(sql`
        update report_narratives set status = 'ready', text = ${text}, model = ${ai.model}, written_at = ${now}, failure_reason = null, updated_at = ${now}
        where report_id = ${job.reportId} and edition = ${job.edition} and status = 'pending'`);
      log.info({ reportId: job.reportId, edition: job.edition }, 'report narrative written');
    } catch (error) {
      // Every failed attempt keeps its reason for operators; the last one makes the narrative unavailable.
      const finalAttempt = context.retryCount >= context.retryLimit;
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      await db.execute(sql`
        update report_narratives set failure_reason = ${reason}, updated_at = ${clock.now()}, status = ${finalAttempt ? 'unavailable' : 'pending'}
        where report_id = ${job.reportId} and edition = ${job.edition} and status = 'pending'`);
      throw error;
    }
  }

  return {
    enabled: ai !== undefined,

    /** Declares the job's queue; only when narratives are on. Call before the queue starts. */
    defineJob(): void {
      if (!ai) return;
      jobs.define<NarrativeJob>(
        writeNarrativeQueue,
        {
          policy: 'short',
          retryLimit: narrativeRetries,
          retryDelaySeconds,
          retryBackoff: true,
          // The request gives up at the timeout; a job past this lost its server.
          expireInSeconds: Math.ceil(ai.timeoutMs / 1000) + 30,
          // Waiting on the endpoint costs no CPU: a few at once.
          batchSize: 4,
          pollingIntervalSeconds: 2,
        },
        write,
      );
    },

    /**
     * After the generation job ran: a new edition gets its narrative. Never throws (the report is
     * ready without it); a narrative missed here is started when the report is next opened.
     */
    async afterGeneration(job: NarrativeJob): Promise<void> {
      if (!ai) return;
      await start(job).catch((error: unknown) => log.error({ err: error, reportId: job.reportId }, 'starting the report narrative failed; opening the report will'));
    },

    /**
     * The narrative of an edition for the web view: null when narratives are off; otherwise its
     * state, started now if the edition has none (made while narratives were off, or missed).
     */
    async forEdition(reportId: string, edition: number): Promise<ReportNarrative | null> {
      if (!ai) return null;
      const result = await db.execute<{ status: string; text: string | null; updated_at: string | Date }>(sql`
        select status, text, updated_at from report_narratives where report_id = ${reportId} and edition = ${edition}`);
      const row = result.rows[0];
      if (!row) {
        await start({ reportId, edition });
        return pending;
      }
      if (row.status === 'ready' && row.text !== null) return { status: 'ready', text: row.text, message: null };
      if (row.status === 'pending' && clock.now().getTime() - new Date(row.updated_at).getTime() < staleAfterMs) return pending;
      return unavailable;
    },

    /** Retry of a narrative that could not be written: pending again, and queued. 409 otherwise. */
    async retry(reportId: string, edition: number): Promise<ReportNarrative> {
      if (!ai) throw new ReportStateError('report_narrative_disabled', reportMessages.narrativeDisabled);
      const now = clock.now();
      const staleBefore = new Date(now.getTime() - staleAfterMs);
      const result = await db.execute(sql`
        update report_narratives set status = 'pending', failure_reason = null, updated_at = ${now}
        where report_id = ${reportId} and edition = ${edition}
          and (status = 'unavailable' or (status = 'pending' and updated_at < ${staleBefore}))`);
      if (result.rowCount === 0) {
        if (await start({ reportId, edition })) return pending;
        throw new ReportStateError('report_narrative_not_failed', reportMessages.narrativeNotFailed);
      }
      await jobs.sendOnce(writeNarrativeQueue, { reportId, edition }, key({ reportId, edition }));
      return pending;
    },
  };
}

export type ReportNarratives = ReturnType<typeof createReportNarratives>;
