// Issue 3: GET /api/user with a valid Bearer token at 50 connections for 10 s against the built
// product (token look-up, account load, serialisation). Target: >= 3,000 req/s, p99 < 50 ms.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerBenchUser } from './lib/accounts.mjs';
import { startServer } from './lib/server-process.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-current-user-'));
const server = await startServer({ dataDir, port: 3205 });
try {
  const user = await registerBenchUser(server.baseUrl, 'current-user');
  const headers = { authorization: `Bearer ${user.access_token}` };
  const check = await fetch(`${server.baseUrl}/api/user`, { headers });
  if (check.status !== 200) throw new Error(`GET /api/user answered ${check.status}`);
  // A short warm-up, so the JIT and the connection pool are ready before measuring.
  await autocannon({ url: `${server.baseUrl}/api/user`, headers, connections: 50, duration: 2 });
  const result = await autocannon({ url: `${server.baseUrl}/api/user`, headers, connections: 50, duration: 10 });
  const rps = result.requests.average;
  const p99 = result.latency.p99;
  const failures = result.non2xx + result.errors;
  const pass = rps >= 3000 && p99 < 50 && failures === 0;
  console.log(`GET /api/user, 50 connections, 10 s: ${rps.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${p99} ms, non-2xx/errors ${failures} (target >= 3000 req/s, p99 < 50 ms): ${pass ? 'PASS' : 'FAIL'}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
