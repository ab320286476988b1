import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from './chromium-path.ts';

const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://localhost:${port}`;
// A fresh data directory per run, so every run starts from an empty database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
// Workers load this file again: they must find the same directory (the basket spec creates its
// discount code with the admin CLI, which attaches to the server's embedded database there).
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: join(import.meta.dirname, '..'),
    url: `${baseURL}/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    // SIGTERM lets the server drain and stop its embedded PostgreSQL; a kill would leave it running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every e2e test signs up its own user from 127.0.0.1; the product's default is 10 an hour.
      SIGNUP_LIMIT_PER_HOUR: '1000',
    },
  },
});
