import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { OsUser } from './postgres-os-user.ts';

export interface PostgresProcessOptions {
  binary: string;
  pgDataDir: string;
  port: number;
  user: OsUser | undefined;
  /** Extra `-c name=value` settings. */
  settings: Record<string, string>;
  logger: Logger;
  startTimeoutMs?: number;
}

export interface PostgresProcess {
  pid: number;
  /** Fast shutdown (open transactions roll back, a checkpoint is written); resolves once it exited. */
  stop: () => Promise<void>;
}

/** Thrown when PostgreSQL exits before it accepts connections; carries its last log lines. */
export class PostgresStartError extends Error {
  constructor(
    message: string,
    readonly recentLog: string[],
  ) {
    super(`${message}\n${recentLog.join('\n')}`);
  }

  get portTaken(): boolean {
    return this.recentLog.some((line) => /could not bind|address already in use/i.test(line));
  }
}

const readyLine = 'database system is ready to accept connections';

/** Starts `postgres` and resolves once it accepts connections. */
export async function startPostgresProcess(options: PostgresProcessOptions): Promise<PostgresProcess> {
  const settings = {
    // TCP on loopback only, and no Unix socket: nothing in a shared /tmp, nothing on the network.
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    // English messages, since readiness is detected from the log.
    lc_messages: 'C',
    ...options.settings,
  };
  const args = ['-D', options.pgDataDir, '-p', String(options.port), ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  const child = spawn(options.binary, args, {
    cwd: options.pgDataDir,
    ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
    // Its own process group: Ctrl-C in a terminal reaches the whole foreground group, and the
    // database must keep serving while our server drains its requests; we stop it afterwards.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recentLog: string[] = [];
  let ready = false;
  const readiness = new Promise<void>((resolve, reject) => {
    const onLine = (line: string): void => {
      options.logger.debug(line);
      if (ready) return;
      recentLog.push(line);
      if (recentLog.length > 30) recentLog.shift();
      if (line.includes(readyLine)) {
        ready = true;
        resolve();
      }
    };
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', onLine);
    child.once('error', (error) => reject(new PostgresStartError(`PostgreSQL could not be started: ${error.message}`, recentLog)));
    child.once('exit', (code, signal) => {
      if (!ready) reject(new PostgresStartError(`PostgreSQL exited during start-up (code ${code ?? 'none'}, signal ${signal ?? 'none'})`, recentLog));
    });
  });
  // If this process exits without stopping the database (an uncaught error), ask it to stop too.
  const stopOnExit = (): void => {
    child.kill('SIGINT');
  };
  process.on('exit', stopOnExit);

  let stopping = false;
  const stop = async (): Promise<void> => {
    stopping = true;
    process.off('exit', stopOnExit);
    await stopChild(child);
  };
  // Stopped by someone else (an operator's pg_ctl, the OOM killer): the server goes on answering 503
  // and reconnects once the database runs again on its port (issue 14, "Faults"); say so once.
  child.once('exit', (code, signal) => {
    if (ready && !stopping) {
      options.logger.error({ code, signal, port: options.port, pgDataDir: options.pgDataDir }, 'the embedded PostgreSQL stopped; requests answer 503 until it runs again on the same port (or the server is restarted)');
    }
  });

  const timeoutMs = options.startTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PostgresStartError(`PostgreSQL did not accept connections within ${timeoutMs} ms`, recentLog)), timeoutMs);
  });
  try {
    await Promise.race([readiness, timeout]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { pid: child.pid ?? 0, stop };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const stoppedInTime = await Promise.race([exited.then(() => true), sleep(20_000, false, { ref: false })]);
  if (!stoppedInTime) {
    // Immediate shutdown: crash-safe (recovery replays the WAL at next start), just not tidy.
    child.kill('SIGQUIT');
    await exited;
  }
}
