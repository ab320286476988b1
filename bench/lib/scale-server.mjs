// The built server for bench/scale.mjs, started as server-process.mjs starts it but keeping the
// child's pid, so that the bench can read the memory of the server and of its embedded PostgreSQL.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot, waitForHealthy } from './server-process.mjs';

export async function startScaleServer({ dataDir, port, env = {} }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const entry = process.env.BENCH_SERVER_ENTRY ? join(repoRoot, process.env.BENCH_SERVER_ENTRY) : join(repoRoot, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForHealthy(baseUrl, startedAt, 300_000);
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The running server's embedded database, as its superuser: port from postmaster.pid, password from DATA_DIR. */
export function databaseOf(dataDir) {
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3].trim();
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'app' });
}

function statusField(pid, field) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
}

/** Proportional set size: each shared page counted once across the processes that share it. */
function pssOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('Pss:'));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/**
 * Memory in bytes: the server process's resident set, and PostgreSQL's (the postmaster and every
 * backend and helper it started) as the sum of their resident sets, which counts shared buffers
 * once per process that touched them, and as the sum of their proportional sets, which does not.
 */
export function memoryOf(serverPid, dataDir) {
  const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0].trim());
  const postgres = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && parentOf(Number(entry)) === postmaster) postgres.push(Number(entry));
  }
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  return {
    serverRss: statusField(serverPid, 'VmRSS'),
    postgresRss: sum(postgres.map((pid) => statusField(pid, 'VmRSS'))),
    postgresPss: sum(postgres.map(pssOf)),
    postgresProcesses: postgres.length,
  };
}
