// Stops and starts the server's embedded PostgreSQL from outside, as an operator would with
// pg_ctl: the cluster in DATA_DIR/postgres, its command line in postmaster.opts.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Postmaster {
  pgDataDir: string;
  pgCtl: string;
  /** The options after `-D <dir>` that the server started it with (port, settings). */
  options: string[];
  /** The cluster's owner: pg_ctl refuses to run as root. */
  owner: { uid: number; gid: number };
}

/** Reads how the embedded PostgreSQL of this DATA_DIR was started (postmaster.opts stays after a stop). */
function postmasterOf(dataDir: string): Postmaster {
  const pgDataDir = join(dataDir, 'postgres');
  // e.g. /…/bin/postgres "-D" "/tmp/…/postgres" "-p" "37587" "-c" "listen_addresses=127.0.0.1" …
  const line = readFileSync(join(pgDataDir, 'postmaster.opts'), 'utf8').trim();
  const binary = line.slice(0, line.indexOf(' '));
  const quoted = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
  const dataIndex = quoted.indexOf('-D');
  const options = quoted.filter((_value, index) => index !== dataIndex && index !== dataIndex + 1);
  const { uid, gid } = statSync(pgDataDir);
  return { pgDataDir, pgCtl: join(dirname(binary), 'pg_ctl'), options, owner: { uid, gid } };
}

function asOwner(postmaster: Postmaster) {
  const root = process.getuid?.() === 0;
  return { cwd: postmaster.pgDataDir, env: { ...process.env, LC_MESSAGES: 'C' }, ...(root ? postmaster.owner : {}) };
}

/** Whether a PostgreSQL runs on this DATA_DIR (postmaster.pid exists and names a live process). */
export function postgresRunning(dataDir: string): boolean {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `pg_ctl stop -m fast`: open transactions roll back, connections are closed, new ones refused. */
export async function stopPostgres(dataDir: string): Promise<void> {
  const postmaster = postmasterOf(dataDir);
  await run(postmaster.pgCtl, ['stop', '-D', postmaster.pgDataDir, '-m', 'fast', '-w', '-t', '30'], asOwner(postmaster));
}

/** `pg_ctl start` with the options the server used (same port): the server's pool finds it again. */
export async function startPostgres(dataDir: string): Promise<void> {
  const postmaster = postmasterOf(dataDir);
  const options = postmaster.options.map((option) => `'${option.replaceAll("'", "'\\''")}'`).join(' ');
  await run(postmaster.pgCtl, ['start', '-D', postmaster.pgDataDir, '-w', '-t', '30', '-l', join(postmaster.pgDataDir, 'restarted-by-faults-test.log'), '-o', options], asOwner(postmaster));
}
