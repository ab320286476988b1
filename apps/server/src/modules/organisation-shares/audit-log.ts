import type { AuditAction, AuditLogList } from '@app/contract/organisation-shares';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationAuditEntries } from '../../db/schema/organisation-audit-entries.ts';
import { users } from '../../db/schema/users.ts';
import { requireClientManager } from './share-access.ts';

// The client's audit log (issue 13): "everything the expert does is recorded in the client's audit
// log". Each entry is written in the transaction of the change it records, so a change without its
// entry (or an entry without its change) cannot commit. Names are copied in, so the log still says
// who acted after an account or an organisation is gone.

export interface AuditEntryInput {
  clientId: string;
  actorId: string;
  expertId: string;
  expertName: string;
  action: AuditAction;
  /** On whom: the person as they were. */
  subject: { full_name: string; email: string };
  details?: Record<string, { from: string | null; to: string | null }> | null;
  at: Date;
}

export async function writeAuditEntry(tx: DatabaseHandle, entry: AuditEntryInput): Promise<void> {
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, entry.actorId));
  await tx.insert(organisationAuditEntries).values({
    organisationId: entry.clientId,
    actorUserId: entry.actorId,
    actorName: actor?.name ?? '',
    actorOrganisationId: entry.expertId,
    actorOrganisationName: entry.expertName,
    action: entry.action,
    subject: `${entry.subject.full_name} <${entry.subject.email}>`,
    details: entry.details ?? null,
    createdAt: entry.at,
  });
}

/** The client's audit log, newest first, paged; the client's owners and admins. */
export async function listAuditLog(db: DatabaseHandle, viewerId: string, clientId: string, query: { page: number; per_page: number }): Promise<AuditLogList> {
  await requireClientManager(db, viewerId, clientId);
  const where = and(eq(organisationAuditEntries.organisationId, clientId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(organisationAuditEntries)
      .where(where)
      .orderBy(desc(organisationAuditEntries.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(organisationAuditEntries).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      actor_name: row.actorName,
      actor_organisation_name: row.actorOrganisationName,
      action: row.action as AuditAction,
      subject: row.subject,
      details: row.details ?? null,
      created_at: row.createdAt.toISOString(),
    })),
    meta: { page: query.page, per_page: query.per_page, total: total?.count ?? 0 },
  };
}
