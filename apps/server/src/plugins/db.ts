import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Database } from '../db/connection.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over the shared pool; routes pass it to their services. */
    db: Database;
    pool: pg.Pool;
  }
}

export interface DbPluginOptions {
  db: Database;
  pool: pg.Pool;
}

/** Makes the database available to every module. The caller owns the pool and closes it. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { db, pool }) => {
    app.decorate('db', db);
    app.decorate('pool', pool);
  },
  { name: 'db' },
);
