import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { pruneOutbox } from './outbox-service.ts';
import { devOutboxRoutes } from './routes.ts';
import { createMailer, type Mailer } from './service.ts';
import { createOutboxTransport, createSmtpTransport } from './transports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends e-mail through the `mail.send` background job (modules/mail/service.ts). */
    mail: Mailer;
  }
}

export interface MailModuleOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailRetryDelaySeconds' | 'publicUrl' | 'nodeEnv'>;
}

const pruneOutboxJob = 'mail.prune-outbox';
const outboxRetentionMs = 7 * 24 * 60 * 60 * 1000;

/**
 * E-mail: `app.mail`, the `mail.send` job, and without SMTP_URL the dev outbox (DESIGN section 5),
 * readable at GET /api/dev/outbox outside production.
 */
export const mailModule = fp<MailModuleOptions>(
  async (app, { config }) => {
    const logger = app.log.child({ component: 'mail' });
    const transport = config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createOutboxTransport(app.db, logger, config.mailFrom);
    if (transport.kind === 'outbox' && config.nodeEnv === 'production') {
      logger.warn('SMTP_URL is not set: e-mails are only written to the log and the outbox table, not delivered');
    }

    app.decorate(
      'mail',
      createMailer({ db: app.db, jobs: app.jobs, transport, logger, publicUrl: config.publicUrl, retryDelaySeconds: config.mailRetryDelaySeconds }),
    );
    app.addHook('onClose', () => transport.close());

    if (transport.kind === 'outbox') {
      app.jobs.define(pruneOutboxJob, { retryLimit: 0 }, () => pruneOutbox(app.db, new Date(app.clock.now().getTime() - outboxRetentionMs)));
      app.jobs.schedule(pruneOutboxJob, '17 3 * * *');
    }
    if (config.nodeEnv !== 'production') await app.register(devOutboxRoutes);
  },
  { name: 'mail', dependencies: ['db', 'jobs'] },
);
