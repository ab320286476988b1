import type { FastifyBaseLogger as Logger } from 'fastify';
import { ensureAppSecret } from '../../db/app-secrets.ts';
import type { Database } from '../../db/connection.ts';
import type { JobQueue, QueuePolicy, SendOptions } from '../../lib/job-queue.ts';
import type { MailMessage } from './mail-message.ts';
import { seal, unseal } from './sealed-payload.ts';
import { isPermanentSmtpFailure, type MailTransport } from './transports.ts';

export const sendMailJob = 'mail.send';

interface SendMailJobData {
  /** The MailMessage, sealed (sealed-payload.ts). */
  sealed: string;
}

/** What modules use to send e-mail: `app.mail`. */
export interface Mailer {
  /**
   * Queues the message and returns at once; a background job delivers it and retries failures, so a
   * relay that is down never fails the request that caused the e-mail. Throws only when the job
   * cannot be queued (the database is unreachable). With `transaction`, the e-mail is queued in it:
   * sent if and only if the transaction commits (the confirmation of the order it makes paid).
   */
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  /** An absolute link into the SPA: `link('/reset-password/abc')` -> `${PUBLIC_URL}/reset-password/abc`. */
  link(pathWithQuery: string): string;
}

export interface MailerOptions {
  db: Database;
  jobs: JobQueue;
  transport: MailTransport;
  logger: Logger;
  publicUrl: string;
  retryDelaySeconds: number;
}

/** Defines the `mail.send` queue on `jobs` and returns the Mailer that feeds it. */
export function createMailer({ db, jobs, transport, logger, publicUrl, retryDelaySeconds }: MailerOptions): Mailer {
  // One key for every instance (app_secrets), read once and retried after a failure.
  let sealingKey: Promise<Buffer> | undefined;
  const getSealingKey = (): Promise<Buffer> =>
    (sealingKey ??= ensureAppSecret(db, 'mail-job-sealing').catch((error: unknown) => {
      sealingKey = undefined;
      throw error;
    }));

  const policy: QueuePolicy = {
    // Five retries with exponential backoff: with the default 10 s, the last one runs after ~5 minutes.
    retryLimit: 5,
    retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 60,
    pollingIntervalSeconds: 1,
    batchSize: 10,
  };

  jobs.define<SendMailJobData>(sendMailJob, policy, async ({ sealed }, job) => {
    const message = unseal(await getSealingKey(), sealed) as MailMessage;
    try {
      await transport.send(message);
    } catch (error) {
      if (!isPermanentSmtpFailure(error)) throw error;
      // Completing the job stops the retries: the relay refused this message for good.
      logger.error({ err: error, jobId: job.id, subject: message.subject }, 'the mail relay refused an e-mail for good; not retrying');
    }
  });

  return {
    async send(message, options) {
      await jobs.send<SendMailJobData>(sendMailJob, { sealed: seal(await getSealingKey(), message) }, options);
    },
    link(pathWithQuery) {
      return `${publicUrl}${pathWithQuery.startsWith('/') ? '' : '/'}${pathWithQuery}`;
    },
  };
}
