import { reportAssessments, generatedReportType } from '@app/contract/reports';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import type { JobContext, JobQueue } from '../../lib/job-queue.ts';
import { loadReportInputs } from './report-inputs.ts';
import type { ReportRenderer } from './report-renderer.ts';
import { loadReportNorms } from './score-norms.ts';

export const generateReportQueue = 'reports.generate';

export interface GenerateReportJob {
  reportId: string;
  edition: number;
}

export interface GenerationDeps {
  db: Database;
  jobs: JobQueue;
  storage: FileStorage;
  renderer: ReportRenderer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A claim older than this belongs to a job that died with its server: another may take it over. */
  claimTimeoutSeconds: number;
}

/** Where an edition's PDF is kept. */
export function reportStorageKey(userId: string, reportId: string, edition: number): string {
  return `reports/${userId}/${reportId}/${edition}.pdf`;
}

/**
 * Queues the generation of a report's requested edition. The queue is 'short' with the report and
 * edition as key: sending again while one waits to start is dropped, so every path that learns a
 * report may be made (the grant, the set's completion, the sweep, each instance) can simply send;
 * a job that starts after another made the edition finds nothing to claim.
 */
export async function queueGeneration(jobs: JobQueue, job: GenerateReportJob): Promise<void> {
  await jobs.sendOnce(generateReportQueue, job, `${job.reportId}:${job.edition}`);
}

/**
 * Queues every report of this user (or of everyone, for the sweep) that waits and can be made now:
 * pending with every assessment it needs complete, or generating under a claim that timed out.
 */
export async function queueReadyReports(deps: Pick<GenerationDeps, 'db' | 'jobs' | 'clock' | 'claimTimeoutSeconds'>, userId: string | null): Promise<number> {
  const staleBefore = new Date(deps.clock.now().getTime() - deps.claimTimeoutSeconds * 1000);
  const result = await deps.db.execute<{ id: string; report_type: string; requested_edition: number; completed: string[] }>(sql`
    select g.id, g.report_type, g.requested_edition,
           array(select r.assessment from assessment_results r where r.user_id = g.user_id) as completed
    from granted_reports g
    where (g.status = 'pending' or (g.status = 'generating' and g.claimed_at < ${staleBefore}))
      ${userId === null ? sql`` : sql`and g.user_id = ${userId}`}
    order by g.created_at
    limit 1000`);
  let queued = 0;
  for (const row of result.rows) {
    const type = generatedReportType.safeParse(row.report_type);
    if (!type.success || !reportAssessments[type.data].every((assessment) => row.completed.includes(assessment))) continue;
    await queueGeneration(deps.jobs, { reportId: row.id, edition: row.requested_edition });
    queued += 1;
  }
  return queued;
}

type Claim = { user_id: string; report_type: string; paid_at: string };

/**
 * Takes the generation of this edition for this job: a pending report, one this same job held
 * before (its retry after a failure or a server that stopped), or one whose claim timed out. Only
 * when every assessment the report needs is complete; otherwise the report stays pending and the
 * set's completion queues it again. Null: nothing to do here.
 */
async function claim(deps: GenerationDeps, job: GenerateReportJob, jobId: string): Promise<Claim | null> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - deps.claimTimeoutSeconds * 1000);
  const result = await deps.db.execute<Claim>(sql`
    update granted_reports g
    set status = 'generating', claimed_by_job = ${jobId}, claimed_at = ${now}, generation_attempts = g.generation_attempts + 1, updated_at = ${now}
    from orders o
    where g.id = ${job.reportId} and o.id = g.order_id
      and g.requested_edition = ${job.edition} and (g.current_edition is null or g.current_edition < ${job.edition})
      and (g.status = 'pending' or g.claimed_by_job = ${jobId} or (g.status = 'generating' and g.claimed_at < ${staleBefore}))
      and not exists (
        select 1 from unnest(case g.report_type
          when 'complete' then array['environment', 'big5', 'values']
          else array[g.report_type] end) as needed(assessment)
        where not exists (select 1 from assessment_results r where r.user_id = g.user_id and r.assessment = needed.assessment))
    returning g.user_id, g.report_type, coalesce(o.paid_at, o.created_at) as paid_at`);
  return result.rows[0] ?? null;
}

/**
 * The `reports.generate` job: claims the edition, composes and renders it (off the event loop, in
 * the renderer's worker threads), stores the PDF, then records the edition and marks the report
 * ready in one transaction, only while this job still holds the claim. An edition is recorded once
 * (its primary key); a repeated or late job finds nothing to claim. A failure leaves the claim for
 * the job's retry; the last failed attempt marks the report failed ('Try again' on the web).
 */
export async function generateReport(deps: GenerationDeps, job: GenerateReportJob, context: JobContext): Promise<void> {
  const claimed = await claim(deps, job, context.id);
  if (!claimed) return;
  try {
    const type = generatedReportType.parse(claimed.report_type);
    const inputs = await loadReportInputs(deps.db, claimed.user_id);
    const norms = await loadReportNorms(deps.db, claimed.user_id, reportAssessments[type]);
    const generatedAt = deps.clock.now();
    const rendered = await deps.renderer.render({
      type,
      personName: inputs.personName,
      edition: job.edition,
      generatedAt: generatedAt.toISOString(),
      purchasedAt: new Date(claimed.paid_at).toISOString(),
      results: inputs.results,
      norms,
    });
    const key = reportStorageKey(claimed.user_id, job.reportId, job.edition);
    await deps.storage.put(key, rendered.pdf, 'application/pdf');
    const { document } = rendered;
    const recorded = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into report_editions (report_id, edition, document, storage_key, page_count, byte_size, scoring_versions, answers_date, generated_at)
        values (${job.reportId}, ${job.edition}, ${JSON.stringify(document)}::jsonb, ${key}, ${rendered.pageCount}, ${rendered.pdf.length},
          ${`{${document.scoring_versions.map((version) => JSON.stringify(version)).join(',')}}`}::text[], ${document.answers_date}, ${generatedAt})
        on conflict do nothing`);
      await tx.execute(sql`
        update granted_reports set status = 'ready', current_edition = ${job.edition}, claimed_by_job = null, claimed_at = null,
          failure_reason = null, updated_at = ${generatedAt}
        where id = ${job.reportId} and claimed_by_job = ${context.id} and requested_edition = ${job.edition}`);
      return true;
    }).catch(async (error: unknown) => {
      if (!isForeignKeyViolation(error)) throw error;
      // Issue 14: the report went with its owner's account while it was being made. The account
      // deletion removed the files it knew of; this one came after, so it goes here.
      await deps.storage.delete(key).catch((deleteError: unknown) => deps.log.error({ err: deleteError, key }, 'could not remove the file of a report deleted while it was made'));
      return false;
    });
    if (!recorded) {
      deps.log.info({ reportId: job.reportId, edition: job.edition }, 'report deleted while it was made; its file removed');
      return;
    }
    deps.log.info({ reportId: job.reportId, edition: job.edition, pages: rendered.pageCount }, 'report generated');
  } catch (error) {
    // Every failed attempt leaves its reason for operators; the last one also marks the report failed.
    const finalAttempt = context.retryCount >= context.retryLimit;
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await deps.db.execute(sql`
      update granted_reports set failure_reason = ${reason}, updated_at = ${deps.clock.now()},
        status = ${finalAttempt ? 'failed' : 'generating'},
        claimed_by_job = ${finalAttempt ? null : context.id}, claimed_at = ${finalAttempt ? null : sql`claimed_at`}
      where id = ${job.reportId} and claimed_by_job = ${context.id}`);
    throw error;
  }
}

/** PostgreSQL 23503 anywhere in the cause chain (Drizzle wraps the driver's error). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23503') return true;
  }
  return false;
}
