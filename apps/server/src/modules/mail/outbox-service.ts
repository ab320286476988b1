import type { DevOutboxMessage, DevOutboxQuery } from '@app/contract/dev-outbox';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import type { MailMessage } from './mail-message.ts';

export async function storeInOutbox(db: Database, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    links: message.links,
  });
}

/** Newest first, optionally only those to one address (case-insensitive). */
export async function listOutbox(db: Database, { to, limit }: DevOutboxQuery): Promise<DevOutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to === undefined ? undefined : eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    links: row.links,
    created_at: row.createdAt.toISOString(),
  }));
}

/** The outbox only helps development; old messages are dropped. */
export async function pruneOutbox(db: Database, olderThan: Date): Promise<void> {
  await db.delete(mailOutbox).where(sql`${mailOutbox.createdAt} < ${olderThan.toISOString()}::timestamptz`);
}
