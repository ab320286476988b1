import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface FuzzServer {
  baseUrl: string;
  startedInMs: number;
  /** The server's log lines at level error or above (pino level >= 50), for a failure's report. */
  errorLines: () => string[];
  stop: () => Promise<void>;
}

/**
 * The built product (apps/server/dist/main.js, or FUZZ_SERVER_ENTRY for a private build) as a child
 * process, as `npm start` runs it, on an empty embedded database of its own: what ships, and its
 * answers timed apart from the fuzz client's own work (an in-process app would share one event
 * loop with it). Healthy after 4 s on an idle machine here, 17 s under the shared load.
 *
 * Configured so that limits do not hide routes: the server trusts X-Forwarded-For (each fuzz client
 * sends its own address), sign-ups and checkouts are allowed far more often. Development mode, so
 * that the dev outbox delivers the verification e-mail of the fuzz user.
 */
export async function startFuzzServer(port: number): Promise<FuzzServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'compass-fuzz-'));
  const entry = path.join(repoRoot, process.env.FUZZ_SERVER_ENTRY ?? 'apps/server/dist/main.js');
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'true',
      PAYMENT_PROVIDER: 'test',
      SIGNUP_LIMIT_PER_HOUR: '1000000',
      CHECKOUT_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000',
      CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '1000000',
      REPORT_RENDER_WORKERS: '1',
      MAIL_RETRY_DELAY_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errorLines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (level === undefined || Number(level) >= 50) errorLines.push(line.slice(0, 4000));
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));

  const deadline = performance.now() + 90_000;
  for (;;) {
    if (exitedEarly) throw new Error(`the server exited at start-up:\n${errorLines.join('\n')}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${baseUrl} did not become healthy within 90 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    startedInMs: performance.now() - started,
    errorLines: () => [...errorLines],
    stop: async () => {
      if (!exitedEarly) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
