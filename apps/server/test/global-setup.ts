import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/connection.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { repoRootDir } from '../src/paths.ts';
import { createDatabase, databaseUrl, dropDatabase } from './test-database.ts';

/**
 * Starts one PostgreSQL for the whole run, or uses an external server and starts nothing, and
 * builds a migrated, seeded template database that each test file clones in milliseconds.
 *
 * The external server: the project's own `externalDatabaseUrl` (vitest.cached.config.ts takes it
 * from EXTERNAL_TEST_DATABASE_URL, so CI runs one project on each kind of server), else
 * TEST_DATABASE_URL for every project. The URL names a maintenance database of a role that may
 * create databases; the run creates and drops its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    let serverUrl = externalServerUrl(project);
    if (!serverUrl) {
      const dataDir = path.join(repoRootDir, '.tmp', `server-tests-${runId}`);
      await mkdir(dataDir, { recursive: true });
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const logger = pino({ level: process.env.TEST_POSTGRES_LOG_LEVEL ?? 'warn' });
      // Durability off: a test run does not need its data to survive a power cut, and fsync is slow.
      const embedded = await startEmbeddedPostgres({ dataDir, logger, durability: 'none' });
      cleanups.push(embedded.stop);
      serverUrl = embedded.urlFor('postgres');
    }

    const templateDatabase = `template_${runId}`;
    await createDatabase(serverUrl, templateDatabase);
    const maintenanceUrl = serverUrl;
    cleanups.push(() => dropDatabase(maintenanceUrl, templateDatabase));
    const { pool } = connectDatabase(databaseUrl(serverUrl, templateDatabase));
    try {
      await prepareDatabase(pool);
    } finally {
      // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
      await pool.end();
    }

    project.provide('testServerUrl', serverUrl);
    project.provide('templateDatabase', templateDatabase);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
}

function externalServerUrl(project: TestProject): string | undefined {
  const own: unknown = project.config.provide.externalDatabaseUrl;
  if (typeof own === 'string' && own !== '') return own;
  return process.env.TEST_DATABASE_URL || undefined;
}
