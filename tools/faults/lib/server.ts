// The built product (apps/server/dist/main.js) as a child process, as an operator runs it, with
// its own DATA_DIR: started, killed without warning, started again on the same data.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR the built server has initialised, migrated and seeded (global-setup.ts). */
    faultsTemplateDataDir: string;
  }
}

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface FaultServerOptions {
  /** Names the DATA_DIR (under /tmp) and the log file. */
  name: string;
  /** One of the ports given to the fault tests (3430-3439). */
  port: number;
  /** Extra environment (PAYMENT_PROVIDER=test is always set). */
  env?: Record<string, string>;
  /** A DATA_DIR to start from (copied), instead of a new one. */
  templateDataDir?: string;
}

/** A JSON log line of the server (pino). */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export class FaultServer {
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly logFile: string;
  private child: ChildProcess | undefined;
  private exited: Promise<unknown> = Promise.resolve();
  private log: WriteStream | undefined;

  constructor(
    private readonly options: FaultServerOptions,
    rootDir: string,
  ) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
    this.dataDir = join(rootDir, 'data');
    this.logFile = join(rootDir, 'server.log');
  }

  /**
   * Starts the server and resolves once GET /health answers 200. The first start copies the
   * template DATA_DIR when one is given (cp -a: the database files keep their owner).
   */
  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    if (this.child) throw new Error(`${this.options.name}: already running`);
    if (this.options.templateDataDir && !existsSync(this.dataDir)) execFileSync('cp', ['-a', this.options.templateDataDir, this.dataDir]);
    // FAULTS_SERVER_ENTRY: a private build while others rebuild the shared dist/ (as BENCH_SERVER_ENTRY).
    const entry = join(repoRoot, process.env.FAULTS_SERVER_ENTRY ?? 'apps/server/dist/main.js');
    this.log ??= createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [entry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: this.dataDir,
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
        PAYMENT_PROVIDER: 'test',
        // Several fault tests sign people up from one address within the hour.
        SIGNUP_LIMIT_PER_HOUR: '1000',
        ...this.options.env,
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    this.exited = once(child, 'exit');
    const startedAt = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${this.options.name}: the server exited during start-up (code ${child.exitCode}); see ${this.logFile}`);
      if ((await this.healthStatus()) === 200) return;
      // Generous: on two cores shared with other work a start has taken 40 s.
      if (performance.now() - startedAt > 120_000) throw new Error(`${this.options.name}: not healthy after 120 s; see ${this.logFile}`);
      await sleep(50);
    }
  }

  /** The server's process id while it runs. */
  get pid(): number {
    if (!this.child?.pid) throw new Error(`${this.options.name}: not running`);
    return this.child.pid;
  }

  /** SIGKILL: no shutdown hook runs, as with a power cut of the process or the OOM killer. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
  }

  /** SIGTERM, the orderly stop (drains requests and jobs, stops the embedded database). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    // A test that failed half-way may leave a request waiting on one of its locks: do not wait for ever.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
    this.child = undefined;
  }

  /** Stops the server and deletes its DATA_DIR (its log stays next to it, for a failure's reading). */
  async close(): Promise<void> {
    await this.stop();
    this.log?.end();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** GET /health's status, or 0 while nothing listens. */
  async healthStatus(): Promise<number> {
    try {
      const response = await fetch(`${this.baseUrl}/health`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }

  /** The server's log lines so far (JSON lines in production; other lines are skipped). */
  logLines(): LogLine[] {
    return readFileSync(this.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  }
}

/** A server with a fresh DATA_DIR under /tmp/compass-faults-<name>-<random>. */
export function faultServer(options: FaultServerOptions): FaultServer {
  const rootDir = join('/tmp', `compass-faults-${options.name}-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(rootDir, { recursive: true });
  return new FaultServer(options, rootDir);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value other than undefined; throws after `timeoutMs` with `what`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000, intervalMs = 100): Promise<T> {
  const startedAt = performance.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (performance.now() - startedAt > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(intervalMs);
  }
}
