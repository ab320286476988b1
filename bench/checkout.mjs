// Issue 5: checkout cost. 10 concurrent buyers, each in a loop for 15 s: put 3 seats of the team
// profiles service in the basket (a report cannot be bought twice by one account, a service can),
// then POST /api/checkout with the test provider's 4242 card. Prints the checkout's p50
// and p99 (target: p99 under 300 ms) and orders per second, against the built product.
// Checkouts are rate limited per account (30 a minute) and per address (120 a minute), as for real
// buyers; so each of the 10 loops takes turns among its own accounts, each behind its own address
// (X-Forwarded-For, with TRUST_PROXY on as behind a load balancer), and no request meets a limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csrfHeaders, registerBenchUser } from './lib/accounts.mjs';
import { startServer } from './lib/server-process.mjs';

const buyers = 10;
/** Accounts per loop: enough that none passes 30 checkouts in the run's minute, however fast. */
const accountsPerBuyer = 8;
const durationMs = 15_000;
const targetP99Ms = 300;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-checkout-'));
const server = await startServer({ dataDir, port: 3206, env: { PAYMENT_PROVIDER: 'test', SIGNUP_LIMIT_PER_HOUR: '1000', TRUST_PROXY: 'true' } });
try {
  const products = await (await fetch(`${server.baseUrl}/api/products`)).json();
  const service = products.data.find((product) => product.sku === 'SERVICE-TEAM-PROFILES');
  if (!service) throw new Error('the seeded catalogue has no SERVICE-TEAM-PROFILES');
  // accounts[buyer] is that loop's turn of accounts, each with its own client address.
  const accounts = [];
  for (let index = 0; index < buyers; index += 1) {
    accounts.push(
      await Promise.all(
        Array.from({ length: accountsPerBuyer }, async (_, turn) => {
          const user = await registerBenchUser(server.baseUrl, `checkout-${index}-${turn}`);
          return { authorization: `Bearer ${user.access_token}`, 'x-forwarded-for': `10.0.${index}.${turn + 1}`, ...(await csrfHeaders(server.baseUrl)) };
        }),
      ),
    );
  }
  const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };
  const billing = { first_name: 'Bench', last_name: 'Buyer', email: 'bench@example.com', address: 'Bench Street 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + durationMs;
  const startedAt = performance.now();
  await Promise.all(
    accounts.map(async (turns) => {
      for (let turn = 0; performance.now() < deadline; turn += 1) {
        const json = { ...turns[turn % turns.length], 'content-type': 'application/json' };
        const added = await fetch(`${server.baseUrl}/api/cart/items`, { method: 'POST', headers: json, body: JSON.stringify({ product_id: service.id, quantity: service.minimum_quantity }) });
        if (added.status !== 200) {
          failures += 1;
          await added.text();
          continue;
        }
        await added.text();
        const before = performance.now();
        const response = await fetch(`${server.baseUrl}/api/checkout`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ billing, payment: { method: 'card', card }, idempotency_key: `bench_${randomBytes(10).toString('hex')}`, digital_content_consent: true }),
        });
        const body = await response.json();
        latencies.push(performance.now() - before);
        if (response.status !== 200 || body.status !== 'paid') failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  const p99 = percentile(99);
  console.log(
    `POST /api/checkout (test provider), ${buyers} concurrent buyers, ${Math.round(durationMs / 1000)} s: ${(latencies.length / seconds).toFixed(1)} paid orders/s, ` +
      `p50 ${percentile(50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target < ${targetP99Ms} ms: ${p99 < targetP99Ms ? 'met' : 'MISSED'}), failures ${failures}`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
