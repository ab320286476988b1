// The product as the journey benches run it: one built server on its embedded PostgreSQL, or two
// server instances on one database, on two ports, as behind a load balancer. Servers run as in
// production (NODE_ENV=production, caches on) with the test payment provider, and TRUST_PROXY on,
// as behind a proxy, so each simulated user can come from its own address (X-Forwarded-For); the
// limits themselves stay the production defaults.
//
// The second instance on the embedded database is given the first one's database URL
// (DATABASE_URL: the port from DATA_DIR/postgres/postmaster.pid, the password from
// DATA_DIR/postgres-password). Both instances share one FILES_DIR, as instances must (a shared
// volume, or S3_BUCKET): a report rendered by one is downloaded through the other.
//
// The external database is Debian's PostgreSQL (cluster 15/main on port 5432 here), in a role and
// database of the bench's own, emptied at the start of each run:
//   pg_ctlcluster 15 main start        (if it is down; never stop it, others use it)
//   runuser -u postgres -- psql -c "CREATE ROLE compass_bench LOGIN PASSWORD 'compass-bench-3450'" \
//                                -c "CREATE DATABASE compass_bench OWNER compass_bench"
// or any other: BENCH_DATABASE_URL=postgres://user:password@host:port/database.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { descendants } from './memory.mjs';
import { startServer } from './server-process.mjs';

export const externalDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://compass_bench:compass-bench-3450@127.0.0.1:5432/compass_bench';

const benchEnv = { PAYMENT_PROVIDER: 'test', TRUST_PROXY: 'true' };

/** The URL of the embedded database a running server keeps in `dataDir`. */
export function embeddedDatabaseUrl(dataDir) {
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3].trim();
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`;
}

/** Empties the bench's external database (its schemas, the migrations' and the job queue's included). */
async function emptyDatabase(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

/**
 * Starts `instances` servers (1 or 2) on `ports`, on the embedded database of the first (database
 * 'embedded') or on the external one ('external'). Resolves with their base URLs, a pool on the
 * database (the benches read the mailbox and check rows through it), and stop().
 */
export async function startDeployment({ database, instances, ports, env = {}, nodeArgs = [] }) {
  const root = mkdtempSync(join(tmpdir(), `bench-${database}-`));
  // The embedded database runs as an unprivileged user (as root), which must pass through here.
  chmodSync(root, 0o711);
  const filesDir = join(root, 'files');
  // Instances on one machine share its cores: their render threads together one per core, as
  // docs/operations.md sizes them (each instance's default is one per core of the machine).
  const renderWorkers = String(Math.max(1, Math.floor(availableParallelism() / instances)));
  const shared = { ...benchEnv, FILES_DIR: filesDir, REPORT_RENDER_WORKERS: renderWorkers, ...env };
  const servers = [];
  let databaseUrl;
  try {
    if (database === 'external') {
      databaseUrl = externalDatabaseUrl;
      await emptyDatabase(databaseUrl);
      // The first migrates and seeds; the second starts once it is done (it would wait on the lock anyway).
      servers.push(await startServer({ dataDir: join(root, 'a'), port: ports[0], env: { ...shared, DATABASE_URL: databaseUrl }, nodeArgs }));
    } else {
      servers.push(await startServer({ dataDir: join(root, 'a'), port: ports[0], env: shared, nodeArgs }));
      databaseUrl = embeddedDatabaseUrl(join(root, 'a'));
    }
    for (let index = 1; index < instances; index += 1) {
      servers.push(await startServer({ dataDir: join(root, String.fromCharCode(97 + index)), port: ports[index], env: { ...shared, DATABASE_URL: databaseUrl }, nodeArgs }));
    }
  } catch (error) {
    for (const server of servers) await server.stop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  return {
    database,
    bases: servers.map((server) => server.baseUrl),
    servers,
    pool,
    filesDir,
    /** The PostgreSQL processes serving this deployment right now. */
    async postgresPids() {
      if (database === 'embedded') return descendants(servers[0].pid);
      // A shared cluster: only the backends of our database (the postmaster's own memory is not ours).
      const { rows } = await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
      return rows.map((row) => row.pid);
    },
    async stop() {
      await pool.end();
      for (const server of servers) await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
