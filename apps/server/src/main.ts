import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase } from './db/connection.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { syncConfiguredQuestionnaire } from './modules/questionnaire/public.ts';
import { handleShutdownSignals } from './lib/shutdown.ts';
import { createLogger } from './logger.ts';
import { warmLocationIndex } from './modules/geo/public.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line naming the variable, no stack trace: the operator only needs to fix the value.
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const config = readConfig();
const logger = createLogger(config);
const shutdown = handleShutdownSignals(logger);

try {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
    shutdown.add('embedded PostgreSQL', embedded.stop);
    databaseUrl = embedded.url;
  }
  const { pool, db } = connectDatabase(databaseUrl, {
    max: config.databasePoolSize,
    onIdleClientError: (error) => logger.warn({ err: error }, 'an idle database connection broke'),
  });
  shutdown.add('database pool', () => pool.end());
  const sessionLookups = connectDatabase(databaseUrl, {
    max: config.sessionLookupPoolSize,
    applicationName: 'compass-session-lookups',
    onIdleClientError: (error) => logger.warn({ err: error }, 'an idle session look-up connection broke'),
  });
  shutdown.add('session look-up connections', () => sessionLookups.pool.end());
  await prepareDatabase(pool);
  await syncConfiguredQuestionnaire(db, config.assessmentBanksDir, new Date());

  const app = buildApp(config, { db, pool, sessionLookupDb: sessionLookups.db, logger });
  // Closing stops accepting connections and waits for the requests in flight, then the job workers
  // finish the jobs they hold (the jobs plugin's onClose).
  shutdown.add('HTTP server', () => app.close());
  await app.ready();
  // After the migrations: pg-boss installs or upgrades its own schema (pgboss) here.
  await app.jobs.start();
  await app.listen({ host: config.host, port: config.port });
  logger.info(
    { startupMs: Math.round(performance.now()), database: config.databaseUrl ? 'external' : 'embedded' },
    `Compass is ready on ${config.publicUrl}`,
  );
  // The birth-place index takes about a second of CPU to build; doing it right after listening
  // keeps start-up fast and spares the first user who types a city name the wait.
  setImmediate(() => logger.info(warmLocationIndex(), 'birth-place index ready'));
} catch (error) {
  logger.fatal({ err: error }, 'start-up failed');
  await shutdown.run(1);
}
