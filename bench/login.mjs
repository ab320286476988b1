// Issue 3: login cost. Prints argon2id hashes per second with OWASP's parameters (m = 19 MiB,
// t = 2, p = 1) on one core and on all of them, then POST /api/login p99 with 10 concurrent users
// against the built product for 10 s.
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { csrfHeaders, registerBenchUser } from './lib/accounts.mjs';
import { startServer } from './lib/server-process.mjs';

// The same options as apps/server/src/lib/password-hash.ts (algorithm 2 = argon2id).
const owasp = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

async function hashesPerSecond(concurrency, seconds = 3) {
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await hash('Bench-Harbour-Lantern-42', owasp);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

const single = await hashesPerSecond(1);
const cores = availableParallelism();
const parallel = await hashesPerSecond(cores);
console.log(`argon2id m=19456 t=2 p=1: ${single.toFixed(1)} hashes/s on one core (${(1000 / single).toFixed(1)} ms each), ${parallel.toFixed(1)} hashes/s with ${cores} in parallel`);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-login-'));
// Behind a trusted proxy each request names its client, so the per-IP login limit (50/min), which
// protects real deployments, does not throttle the 10 simulated users of this bench.
const server = await startServer({ dataDir, port: 3204, env: { TRUST_PROXY: 'true' } });
try {
  const user = await registerBenchUser(server.baseUrl, 'login');
  const csrf = await csrfHeaders(server.baseUrl);
  let client = 0;
  const result = await autocannon({
    url: `${server.baseUrl}/api/login`,
    method: 'POST',
    connections: 10,
    duration: 10,
    headers: { 'content-type': 'application/json', ...csrf },
    body: JSON.stringify({ email: user.email, password: user.password }),
    requests: [
      {
        setupRequest: (request) => {
          client += 1;
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } };
        },
      },
    ],
  });
  const failures = result.non2xx + result.errors;
  console.log(
    `POST /api/login, 10 concurrent users, 10 s: ${result.requests.average.toFixed(1)} logins/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx/errors ${failures}`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
