// Issue 2: GET /health at 50 concurrent connections for 10 s. Target: >= 5,000 req/s, p99 < 30 ms.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib/server-process.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-health-'));
const server = await startServer({ dataDir, port: 3202 });
try {
  const result = await autocannon({ url: `${server.baseUrl}/health`, connections: 50, duration: 10 });
  const rps = result.requests.average;
  const p99 = result.latency.p99;
  const failures = result.non2xx + result.errors;
  console.log(`GET /health, 50 connections, 10 s: ${rps.toFixed(0)} req/s, p99 ${p99} ms, non-2xx/errors ${failures} (target >= 5000 req/s, p99 < 30 ms): ${rps >= 5000 && p99 < 30 && failures === 0 ? 'PASS' : 'FAIL'}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
