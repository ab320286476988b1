import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/**
 * Makes a data directory whose last server crashed startable again. postmaster.pid may name:
 * - a process that is gone, or a PID now reused by another program (after a container restart):
 *   the file is stale, so remove it (PostgreSQL itself would refuse if the reused PID looks alive);
 * - a PostgreSQL on this directory whose server process died (SIGKILL, OOM): stop it cleanly;
 * - a PostgreSQL that a running server still owns: refuse, two servers must not share DATA_DIR.
 */
export async function clearStalePostmaster(pgDataDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(pgDataDir, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number(content.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || (await isZombieOrGone(pid))) {
    logger.info({ pidFile }, 'removing a stale postmaster.pid left by a PostgreSQL that is no longer running');
    await rm(pidFile, { force: true });
    return;
  }
  const commandLine = await readProcFile(pid, 'cmdline');
  // Without /proc (macOS) we cannot tell; PostgreSQL's own check decides.
  if (commandLine === undefined) return;
  if (!commandLine.includes('postgres') || !commandLine.includes(pgDataDir)) {
    logger.info({ pidFile, postgresPid: pid }, 'removing a stale postmaster.pid whose PID now belongs to another program');
    await rm(pidFile, { force: true });
    return;
  }
  const parentPid = await parentOf(pid);
  if (parentPid !== undefined && parentPid !== 1 && parentPid !== process.pid && isAlive(parentPid)) {
    const parentCommand = (await readProcFile(parentPid, 'cmdline')) ?? '';
    if (parentCommand.includes('node')) {
      throw new Error(`The database in ${pgDataDir} is in use by another running server (PostgreSQL pid ${pid}, server pid ${parentPid}); stop it first or use another DATA_DIR`);
    }
  }
  logger.warn({ postgresPid: pid }, 'stopping a PostgreSQL left running by a server that did not shut down');
  await stopProcess(pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readProcFile(pid: number, name: string): Promise<string | undefined> {
  return readFile(`/proc/${pid}/${name}`, 'utf8').catch(() => undefined);
}

async function parentOf(pid: number): Promise<number | undefined> {
  const stat = await readProcFile(pid, 'stat');
  // Format: "pid (comm) state ppid ..."; comm may contain spaces, so split after the last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const parent = Number(fields?.[1]);
  return Number.isInteger(parent) ? parent : undefined;
}

async function isZombieOrGone(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return true;
  const stat = await readProcFile(pid, 'stat');
  return stat?.slice(stat.lastIndexOf(')') + 2).startsWith('Z') ?? false;
}

// SIGINT is PostgreSQL's "fast" shutdown (rolls back open transactions, writes a checkpoint);
// SIGQUIT, the "immediate" one, only if that takes too long.
async function stopProcess(pid: number): Promise<void> {
  for (const [signal, waitMs] of [['SIGINT', 15_000], ['SIGQUIT', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (let waited = 0; waited < waitMs; waited += 50) {
      if (await isZombieOrGone(pid)) return;
      await sleep(50);
    }
  }
  throw new Error(`PostgreSQL (pid ${pid}) left running by a previous server did not stop`);
}
