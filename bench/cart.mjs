// Issue 5: GET /api/cart with a valid Bearer token at 50 connections for 10 s against the built
// product. The basket holds three products and a discount code with a usage limit, so every
// request runs the full re-pricing (token look-up, basket with products and coupon, the user's
// coupon uses, VAT). Target: >= 2,000 req/s, p99 < 50 ms.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csrfHeaders, registerBenchUser } from './lib/accounts.mjs';
import { repoRoot, startServer } from './lib/server-process.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-cart-'));
// Production refuses to start without a payment provider chosen; the basket does not charge.
const server = await startServer({ dataDir, port: 3207, env: { PAYMENT_PROVIDER: 'test' } });
try {
  const user = await registerBenchUser(server.baseUrl, 'cart');
  const auth = { authorization: `Bearer ${user.access_token}` };
  const writeHeaders = { ...auth, 'content-type': 'application/json', ...(await csrfHeaders(server.baseUrl)) };

  // The operator's tool, attached to the running server's embedded database.
  execFileSync(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/cli/admin.ts', 'coupons', 'create', '--code', 'BENCH10', '--percent', '10', '--max-uses', '1000'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  for (const sku of ['REPORT-BIG5', 'REPORT-VALUES', 'SERVICE-TEAM-PROFILES']) {
    const added = await fetch(`${server.baseUrl}/api/cart/items`, { method: 'POST', headers: writeHeaders, body: JSON.stringify({ sku }) });
    if (added.status !== 200) throw new Error(`adding ${sku} answered ${added.status}: ${await added.text()}`);
  }
  const applied = await fetch(`${server.baseUrl}/api/cart/coupon`, { method: 'POST', headers: writeHeaders, body: JSON.stringify({ coupon_code: 'bench10' }) });
  if (applied.status !== 200) throw new Error(`applying the coupon answered ${applied.status}: ${await applied.text()}`);
  const check = await fetch(`${server.baseUrl}/api/cart`, { headers: auth });
  const basket = (await check.json()).data;
  if (check.status !== 200 || basket.items.length !== 3 || basket.coupon_code !== 'BENCH10') throw new Error(`GET /api/cart answered ${check.status}`);

  // A short warm-up, so the JIT, the prepared statements and the connection pool are ready.
  await autocannon({ url: `${server.baseUrl}/api/cart`, headers: auth, connections: 50, duration: 2 });
  const result = await autocannon({ url: `${server.baseUrl}/api/cart`, headers: auth, connections: 50, duration: 10 });
  const rps = result.requests.average;
  const p99 = result.latency.p99;
  const failures = result.non2xx + result.errors;
  const pass = rps >= 2000 && p99 < 50 && failures === 0;
  console.log(`GET /api/cart (3 items + coupon), 50 connections, 10 s: ${rps.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${p99} ms, non-2xx/errors ${failures} (target >= 2000 req/s, p99 < 50 ms): ${pass ? 'PASS' : 'FAIL'}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
