import type { TeamOverview, TeamOverviewQuery } from '@app/contract/team-insights';
import {
  teamReportDocument,
  teamReportMessages,
  teamReportServiceSku,
  teamReportTitle,
  type TeamReportDocument,
  type TeamReportGroup,
  type TeamReportItem,
  type TeamReportList,
} from '@app/contract/team-report';
import { reportMessages, reportStatus } from '@app/contract/reports';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import type { Clock } from '../../lib/clock.ts';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import type { JobContext, JobQueue } from '../../lib/job-queue.ts';
import { isUuid } from '../../lib/uuid.ts';
import { insightsAccess, type InsightsAccess } from '../team-insights/public.ts';
import { ReportStateError } from './report-errors.ts';
import type { ReportRenderer } from './report-renderer.ts';
import type { ReportFile } from './service.ts';
import type { FastifyBaseLogger } from 'fastify';

// Issue 13: the team report. An owner or admin of an organisation whose subscription is active
// and includes the team service asks for an edition; the request takes a snapshot of the team
// overview as they see it (the whole organisation and each filter value, every group suppressed
// as the overview suppresses it) and queues the `reports.team-report` job in the same transaction,
// which renders the PDF in a render thread and stores it. The request's key makes a retried
// request answer the edition it made. Whoever may see the team overview may download it.

export const teamReportQueue = 'reports.team-report';

export interface TeamReportJob {
  teamReportId: string;
}

/** The team overview as `viewerId` sees it (team-insights' public teamOverview with its cache). */
export type TeamOverviewReader = (viewerId: string, organisationId: string, query: TeamOverviewQuery) => Promise<TeamOverview>;

export interface TeamReportDeps {
  db: Database;
  jobs: JobQueue;
  storage: FileStorage;
  renderer: ReportRenderer;
  clock: Clock;
  log: FastifyBaseLogger;
  overview: TeamOverviewReader;
  claimTimeoutSeconds: number;
}

type Row = { id: string; edition: number; status: string; created_at: string | Date; generated_at: string | Date | null; page_count: number | null };

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

function toItem(row: Row): TeamReportItem {
  return {
    id: row.id,
    edition: row.edition,
    status: reportStatus.parse(row.status),
    created_at: iso(row.created_at),
    generated_at: row.generated_at === null ? null : iso(row.generated_at),
    page_count: row.page_count,
  };
}

export function teamReportStorageKey(organisationId: string, teamReportId: string, edition: number): string {
  return `team-reports/${organisationId}/${teamReportId}/${edition}.pdf`;
}

const isManager = (access: InsightsAccess) => access.relation === 'own_member' && (access.role === 'owner' || access.role === 'admin');

export function createTeamReportService(deps: TeamReportDeps) {
  const { db, jobs, storage, clock, overview } = deps;

  /** 404 without a relation to the organisation; 403 for one who may not see its team overview. */
  async function readerAccess(viewerId: string, organisationId: string): Promise<InsightsAccess> {
    const access = await insightsAccess(db, viewerId, organisationId);
    if (!access.teamOverview) throw new ForbiddenError();
    return access;
  }

  /**
   * Whether the organisation may have a new edition: its status active (the first period paid, or
   * a contract noted) and its services including the team profiles service.
   */
  async function hasTeamService(organisationId: string): Promise<boolean> {
    const result = await db.execute<{ qualifies: boolean }>(sql`
      select (o.status = 'active' and exists (
        select 1 from organisation_services s join products p on p.id = s.product_id
        where s.organisation_id = o.id and upper(p.sku) = ${teamReportServiceSku})) as qualifies
      from organisations o where o.id = ${organisationId}`);
    return result.rows[0]?.qualifies === true;
  }

  async function find(organisationId: string, teamReportId: string): Promise<Row & { storage_key: string | null; document: unknown }> {
    if (!isUuid(teamReportId)) throw new NotFoundError(reportMessages.notFound);
    const result = await db.execute<Row & { storage_key: string | null; document: unknown }>(sql`
      select id, edition, status, created_at, generated_at, page_count, storage_key, document
      from team_reports where id = ${teamReportId} and organisation_id = ${organisationId}`);
    const row = result.rows[0];
    if (!row) throw new NotFoundError(reportMessages.notFound);
    return row;
  }

  /** The snapshot of one edition: the whole organisation, each position title or session, each tenure band. */
  async function snapshot(viewerId: string, access: InsightsAccess): Promise<Omit<TeamReportDocument, 'edition'>> {
    const whole = await overview(viewerId, access.organisationId, {});
    const pick = (group: TeamOverview, kind: TeamReportGroup['kind'], label: string): TeamReportGroup => ({ kind, label, big5: group.big5, values: group.values, culture: group.culture });
    const groups: TeamReportGroup[] = [pick(whole, 'organisation', access.organisationName)];
    for (const session of whole.filters.event_sessions ?? []) groups.push(pick(await overview(viewerId, access.organisationId, { event_session: session.id }), 'event_session', session.name));
    for (const title of whole.filters.position_titles) groups.push(pick(await overview(viewerId, access.organisationId, { position_title: title }), 'position_title', title));
    for (const tenure of whole.filters.tenures) groups.push(pick(await overview(viewerId, access.organisationId, { tenure }), 'tenure', tenure));
    return { organisation_name: access.organisationName, generated_at: clock.now().toISOString(), minimum: whole.minimum, groups };
  }

  return {
    async list(viewerId: string, organisationId: string): Promise<TeamReportList> {
      const access = await readerAccess(viewerId, organisationId);
      const manager = isManager(access);
      const service = manager && (await hasTeamService(organisationId));
      const result = await db.execute<Row>(sql`
        select id, edition, status, created_at, generated_at, page_count from team_reports
        where organisation_id = ${organisationId} order by edition desc limit 20`);
      return {
        can_create: service,
        unavailable_message: manager && !service ? teamReportMessages.serviceRequired : null,
        reports: result.rows.map(toItem),
      };
    },

    /**
     * A new edition from the team overview as it is now, its job queued in the same transaction.
     * The same request key again answers the edition it made (whatever its state by then).
     */
    async create(viewerId: string, organisationId: string, requestKey: string): Promise<{ created: boolean; report: TeamReportItem }> {
      const access = await readerAccess(viewerId, organisationId);
      if (!isManager(access)) throw new ForbiddenError(teamReportMessages.managersOnly);
      const existingByKey = async (handle: DatabaseHandle) =>
        (await handle.execute<Row>(sql`select id, edition, status, created_at, generated_at, page_count from team_reports where organisation_id = ${organisationId} and request_key = ${requestKey}`))
          .rows[0];
      const earlier = await existingByKey(db);
      if (earlier) return { created: false, report: toItem(earlier) };
      if (!(await hasTeamService(organisationId))) throw new ForbiddenError(teamReportMessages.serviceRequired);
      // Read before the transaction: the overview's reads take connections of their own, which a
      // transaction waiting for them while holding one could starve the pool of.
      const overviewNow = await snapshot(viewerId, access);
      return db.transaction(async (tx) => {
        // One request at a time per organisation: editions are numbered in order, a key used once.
        await tx.execute(sql`select id from organisations where id = ${organisationId} for update`);
        const raced = await existingByKey(tx);
        if (raced) return { created: false, report: toItem(raced) };
        const next = await tx.execute<{ edition: number }>(sql`select coalesce(max(edition), 0) + 1 as edition from team_reports where organisation_id = ${organisationId}`);
        const edition = Number(next.rows[0]!.edition);
        const document = teamReportDocument.parse({ ...overviewNow, edition });
        const inserted = await tx.execute<Row>(sql`
          insert into team_reports (organisation_id, edition, request_key, requested_by, document, created_at, updated_at)
          values (${organisationId}, ${edition}, ${requestKey}, ${viewerId}, ${JSON.stringify(document)}::jsonb, ${clock.now()}, ${clock.now()})
          returning id, edition, status, created_at, generated_at, page_count`);
        const row = inserted.rows[0]!;
        await jobs.send<TeamReportJob>(teamReportQueue, { teamReportId: row.id }, { transaction: tx });
        return { created: true, report: toItem(row) };
      });
    },

    /** 'Try again' for an edition whose generation failed: pending again and queued. */
    async retry(viewerId: string, organisationId: string, teamReportId: string): Promise<TeamReportItem> {
      const access = await readerAccess(viewerId, organisationId);
      if (!isManager(access)) throw new ForbiddenError(teamReportMessages.managersOnly);
      await find(organisationId, teamReportId);
      return db.transaction(async (tx) => {
        const updated = await tx.execute<Row>(sql`
          update team_reports set status = 'pending', failure_reason = null, claimed_by_job = null, claimed_at = null, updated_at = ${clock.now()}
          where id = ${teamReportId} and organisation_id = ${organisationId} and status = 'failed'
          returning id, edition, status, created_at, generated_at, page_count`);
        const row = updated.rows[0];
        if (!row) throw new ReportStateError('report_not_failed', teamReportMessages.notFailed);
        await jobs.send<TeamReportJob>(teamReportQueue, { teamReportId }, { transaction: tx });
        return toItem(row);
      });
    },

    async pdf(viewerId: string, organisationId: string, teamReportId: string): Promise<ReportFile> {
      const access = await readerAccess(viewerId, organisationId);
      const row = await find(organisationId, teamReportId);
      if (row.status !== 'ready' || !row.storage_key) throw new ReportStateError('report_not_ready', teamReportMessages.notReady);
      const pdf = await storage.get(row.storage_key);
      if (!pdf) throw new NotFoundError(reportMessages.notFound);
      const day = iso(row.generated_at ?? row.created_at).slice(0, 10);
      // The organisation's name as typed, less what a file name cannot hold ('/', '<', ':'...).
      const name = access.organisationName.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim();
      return { fileName: `Compass - ${teamReportTitle} - ${name || 'organisation'} - ${day}.pdf`, pdf };
    },
  };
}

export type TeamReportService = ReturnType<typeof createTeamReportService>;

/**
 * The `reports.team-report` job: claims the edition (pending, this job's own earlier attempt, or a
 * claim whose server stopped), renders its stored document in a render thread, stores the PDF and
 * marks it ready while it still holds the claim. A repeated or late job finds nothing to claim, so
 * each edition is rendered once; the last failed attempt marks it failed ('Try again').
 */
export async function generateTeamReport(deps: TeamReportDeps, job: TeamReportJob, context: JobContext): Promise<void> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - deps.claimTimeoutSeconds * 1000);
  const claimed = await deps.db.execute<{ organisation_id: string; edition: number; document: unknown }>(sql`
    update team_reports set status = 'generating', claimed_by_job = ${context.id}, claimed_at = ${now}, generation_attempts = generation_attempts + 1, updated_at = ${now}
    where id = ${job.teamReportId}
      and (status = 'pending' or (status = 'generating' and (claimed_by_job = ${context.id} or claimed_at < ${staleBefore})))
    returning organisation_id, edition, document`);
  const row = claimed.rows[0];
  if (!row) return;
  try {
    const rendered = await deps.renderer.renderTeamReport(teamReportDocument.parse(row.document));
    const key = teamReportStorageKey(row.organisation_id, job.teamReportId, row.edition);
    await deps.storage.put(key, rendered.pdf, 'application/pdf');
    const generatedAt = deps.clock.now();
    await deps.db.execute(sql`
      update team_reports set status = 'ready', storage_key = ${key}, page_count = ${rendered.pageCount}, byte_size = ${rendered.pdf.length},
        generated_at = ${generatedAt}, claimed_by_job = null, claimed_at = null, failure_reason = null, updated_at = ${generatedAt}
      where id = ${job.teamReportId} and claimed_by_job = ${context.id}`);
    deps.log.info({ teamReportId: job.teamReportId, edition: row.edition, pages: rendered.pageCount }, 'team report generated');
  } catch (error) {
    const finalAttempt = context.retryCount >= context.retryLimit;
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await deps.db.execute(sql`
      update team_reports set failure_reason = ${reason}, updated_at = ${deps.clock.now()}, status = ${finalAttempt ? 'failed' : 'generating'},
        claimed_by_job = ${finalAttempt ? null : context.id}, claimed_at = ${finalAttempt ? null : sql`claimed_at`}
      where id = ${job.teamReportId} and claimed_by_job = ${context.id}`);
    throw error;
  }
}
