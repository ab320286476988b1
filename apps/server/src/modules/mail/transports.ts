import nodemailer from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/connection.ts';
import type { MailMessage } from './mail-message.ts';
import { storeInOutbox } from './outbox-service.ts';

/** Where messages go: an SMTP relay, or the log and the dev outbox. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Throws when the message could not be handed over; the job then retries it. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Sends through the relay of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // Well inside the job's 60 s expiry: a hanging relay fails the attempt (and it is retried)
    // instead of outliving it and being sent twice. Nodemailer's own defaults are minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    async close() {
      transporter.close();
    },
  };
}

/** Without SMTP_URL (DESIGN section 5): each message is logged with its links and kept in the outbox. */
export function createOutboxTransport(db: Database, logger: Logger, from: string): MailTransport {
  return {
    kind: 'outbox',
    async send(message) {
      await storeInOutbox(db, message);
      logger.info({ mail: { from, to: message.to, subject: message.subject, links: message.links } }, `e-mail kept in the dev outbox: ${message.subject}`);
    },
    async close() {},
  };
}

/**
 * A relay's 5xx answer (unknown mailbox, refused sender) will not change on retry; 4xx answers
 * and connection failures might, so only those are retried.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return false;
  const code = error.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
