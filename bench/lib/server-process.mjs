// Starts the built product (apps/server/dist/main.js) as a child process, as `npm start` would
// (its environment variables and node flags: startCommand).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { openSync, readFileSync } from 'node:fs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How `npm start` runs the server (package.json's `start`, after its build): the environment
 * variables it sets (NAME=value before `node`) and node's flags (before the entry), so that the
 * benches measure the server as it runs in production, with one place that says how.
 */
export function startCommand() {
  const script = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts.start;
  const words = script.split('&&').at(-1).trim().split(/\s+/);
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`package.json's start script does not run node: ${script}`);
  const nodeArgs = [];
  while (words[0]?.startsWith('--')) nodeArgs.push(words.shift());
  return { env, nodeArgs };
}

/** Polls /health until it answers 200; resolves with the milliseconds it took. */
export async function waitForHealthy(baseUrl, startedAt, timeoutMs = 60_000) {
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() - startedAt > timeoutMs) throw new Error(`${baseUrl} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `nodeArgs` go to node before the entry (such as --cpu-prof, which NODE_OPTIONS refuses). */
export async function startServer({ dataDir, port, env = {}, nodeArgs = [] }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  // BENCH_SERVER_ENTRY: a private build (one directory below apps/server, e.g. apps/server/dist-mine/main.js)
  // while others rebuild the shared dist/.
  const entry = process.env.BENCH_SERVER_ENTRY ? join(repoRoot, process.env.BENCH_SERVER_ENTRY) : join(repoRoot, 'apps/server/dist/main.js');
  const production = startCommand();
  const child = spawn(process.execPath, [...production.nodeArgs, ...nodeArgs, entry], {
    cwd: repoRoot,
    env: { ...production.env, ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    // BENCH_SERVER_LOG=<folder>: each server's log (its stdout) kept in <folder>/server-<port>.log.
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? openSync(join(process.env.BENCH_SERVER_LOG, `server-${port}.log`), 'a') : 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const healthyAfterMs = await waitForHealthy(baseUrl, startedAt);
  return {
    baseUrl,
    healthyAfterMs,
    /** The server's process id (its memory is sampled by bench/lib/memory.mjs). */
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
