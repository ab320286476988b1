// Issue 14, "Scale out on PostgreSQL": two server instances on one database, on two ports, as
// behind a load balancer; complete journeys (bench/lib/journey.mjs) spread across both, every
// request of a journey going to the other instance than the one before. Asserts:
//  - every journey completes;
//  - each report is generated once (one edition, one generation attempt, one stored file);
//  - each subscription renews once, with the renewal job run by both instances at the same time
//    (the periods made due in the database, as a month passing would; the job sent several times);
//  - rate limits are shared (login attempts split across both instances meet one limit);
//  - a token, a refresh token and a CSRF pair issued by one instance work on the other;
//  - a change made through one instance (logout, a consent withdrawn, a coupon applied) is seen by
//    the other's caches (on, as in production) within a second: the delay is measured.
// Runs on the first instance's embedded database (the second given its DATABASE_URL) and on an
// external PostgreSQL (see bench/lib/deployments.mjs for its role and database). Prints a summary
// and exits 1 when an assertion fails.
//
// node bench/two-instances.mjs [--database embedded|external|both] [--journeys N]
// (the built server: `npm run build` first; ports 3450-3453)
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import PgBoss from 'pg-boss';
import { benchPassword } from './lib/accounts.mjs';
import { startDeployment } from './lib/deployments.mjs';
import { buyReport, nextClientAddress, runJourney, signUp } from './lib/journey.mjs';
import { ApiClient } from './lib/api-client.mjs';
import { Timings, formatTimings } from './lib/timings.mjs';

const args = process.argv.slice(2);
const valueOf = (flag, fallback) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : fallback);
const databases = valueOf('--database', 'both') === 'both' ? ['embedded', 'external'] : [valueOf('--database')];
const journeyCount = Number(valueOf('--journeys', 6));
const portsOf = { embedded: [3450, 3451], external: [3452, 3453] };
/** Issue 14: a change on one instance reaches the other's caches within a second. */
const cacheDelayLimitMs = 1_000;

const results = [];
function check(database, name, passed, detail) {
  results.push({ database, name, passed, detail });
  console.log(`  ${passed ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

async function poll(what, condition, timeoutMs = 10_000, intervalMs = 10) {
  const started = performance.now();
  for (;;) {
    if (await condition()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what} not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Files below `dir`, recursively. */
function countFiles(dir) {
  let count = 0;
  if (!existsSync(dir)) return 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) count += 1;
  return count;
}

async function run(database) {
  console.log(`\n${database} database, two instances`);
  const deployment = await startDeployment({ database, instances: 2, ports: portsOf[database] });
  const [a, b] = deployment.bases;
  const timings = new Timings();
  const context = { bases: deployment.bases, timings, mailPool: deployment.pool };
  try {
    // A session, its refresh token and its CSRF pair from one instance, used on the other.
    const traveller = new ApiClient({ bases: [a], timings, address: nextClientAddress() });
    const email = `traveller-${randomUUID()}@example.com`;
    const registered = await traveller.call('POST', 'POST /api/register', '/api/register', {
      body: { name: 'Traveller', email, password: benchPassword, password_confirmation: benchPassword, accept_privacy_policy: true, accept_terms: true },
      expect: [201],
    });
    traveller.accessToken = registered.body.access_token;
    const onB = await traveller.call('GET', 'GET /api/user', '/api/user', { base: b, expect: [200, 401] });
    const refreshed = await traveller.call('POST', 'POST /api/auth/refresh-token', '/api/auth/refresh-token', { base: b, body: { refresh_token: registered.body.refresh_token }, expect: [200, 401, 419] });
    const refreshedOnA = refreshed.status === 200 ? await traveller.call('GET', 'GET /api/user', '/api/user', { base: a, token: refreshed.body.access_token, expect: [200, 401] }) : { status: 0 };
    check(database, 'tokens travel', onB.status === 200 && refreshed.status === 200 && refreshedOnA.status === 200,
      `access token from A on B ${onB.status}; refresh token from A (CSRF pair from A) on B ${refreshed.status}; its new access token on A ${refreshedOnA.status}`);

    // Journeys, each alternating between the instances, half of them starting on each.
    const started = performance.now();
    const outcomes = await Promise.allSettled(Array.from({ length: journeyCount }, (_, index) => runJourney({ ...context, firstBase: index % 2 })));
    const journeys = outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value);
    const failures = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason.message);
    check(database, 'journeys complete', failures.length === 0,
      `${journeys.length} of ${journeyCount} in ${((performance.now() - started) / 1000).toFixed(1)} s${failures.length ? `; ${failures.join('; ')}` : ''}`);

    // Each report generated once.
    const reportIds = journeys.map((journey) => journey.report.id);
    const { rows: generations } = await deployment.pool.query(
      `SELECT r.id, r.status, r.generation_attempts, (SELECT count(*)::int FROM report_editions e WHERE e.report_id = r.id) AS editions
         FROM granted_reports r WHERE r.id = ANY($1::uuid[])`,
      [reportIds],
    );
    const { rows: [{ editions: allEditions }] } = await deployment.pool.query('SELECT count(*)::int AS editions FROM report_editions');
    const files = countFiles(deployment.filesDir);
    const once = generations.length === reportIds.length && generations.every((row) => row.status === 'ready' && row.editions === 1 && row.generation_attempts === 1);
    check(database, 'each report generated once', once && files === allEditions,
      `${generations.length} reports: editions ${[...new Set(generations.map((row) => row.editions))].join('/')} each, generation attempts ${[...new Set(generations.map((row) => row.generation_attempts))].join('/')} each; ${files} stored files for ${allEditions} editions`);

    // Each subscription renews once: their period made due (as a month passing would), then the
    // renewal job sent four times at once; both instances' workers take them.
    const organisationIds = journeys.map((journey) => journey.organisationId);
    await deployment.pool.query(
      `UPDATE subscriptions SET current_period_end = now() - interval '1 minute', current_period_start = now() - interval '1 month' WHERE organisation_id = ANY($1::uuid[])`,
      [organisationIds],
    );
    const boss = new PgBoss({ connectionString: deployment.pool.options.connectionString, schema: 'pgboss', supervise: false, schedule: false, migrate: false, max: 2 });
    boss.on('error', () => {});
    await boss.start();
    await Promise.all([1, 2, 3, 4].map(() => boss.send('billing.renew-due', {})));
    await boss.stop({ graceful: false, wait: true });
    const renewalRows = async () =>
      (
        await deployment.pool.query(
          `SELECT s.organisation_id, s.current_period_end > now() AS renewed,
                  (SELECT count(*)::int FROM subscription_invoices i WHERE i.subscription_id = s.id) AS invoices,
                  (SELECT coalesce(sum(i.attempts), 0)::int FROM subscription_invoices i WHERE i.subscription_id = s.id) AS charges,
                  (SELECT count(*)::int FROM subscription_invoices i WHERE i.subscription_id = s.id AND i.status = 'paid') AS paid
             FROM subscriptions s WHERE s.organisation_id = ANY($1::uuid[])`,
          [organisationIds],
        )
      ).rows;
    let renewals = [];
    const renewedAfter = await poll('every subscription renewed', async () => (renewals = await renewalRows()).every((row) => row.renewed), 90_000, 500).catch(() => null);
    // Let any second (wrong) renewal land before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    renewals = await renewalRows();
    const jobs = await deployment.pool.query(`SELECT state, count(*)::int AS count FROM pgboss.job WHERE name = 'billing.renew-due' GROUP BY state`);
    check(database, 'each subscription renews once',
      renewals.length === organisationIds.length && renewals.every((row) => row.renewed && row.invoices === 2 && row.paid === 2 && row.charges === 2),
      `${renewals.filter((row) => row.renewed).length} of ${organisationIds.length} renewed${renewedAfter === null ? ' (not all within 90 s)' : ` within ${(renewedAfter / 1000).toFixed(1)} s`}; ` +
        `invoices per subscription ${[...new Set(renewals.map((row) => row.invoices))].join('/')}, charges ${[...new Set(renewals.map((row) => row.charges))].join('/')}; ` +
        `renewal jobs ${jobs.rows.map((row) => `${row.state} ${row.count}`).join(', ')}`);

    // Rate limits shared: 5 failed logins a minute per e-mail and address (spec), split across both.
    const guesser = new ApiClient({ bases: [a, b], timings, address: nextClientAddress() });
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await guesser.call('POST', 'POST /api/login', '/api/login', { body: { email, password: `wrong-${attempt}` }, expect: [401, 422, 429] })).status);
    }
    check(database, 'rate limits shared', statuses.slice(0, 5).every((status) => status !== 429) && statuses[5] === 429,
      `6 failed logins alternating A/B answered ${statuses.join(', ')} (the 6th must be 429)`);

    // Caches: a change through A, seen by B (whose cache was warmed first) within a second.
    const [first] = journeys;
    if (first) {
      // A consent withdrawn: the owner reads the consenting members through B.
      const { owner, colleague, organisationId } = first;
      const sharedOnB = async () => (await owner.call('GET', 'GET /api/organisations/{id}/shared-results', `/api/organisations/${organisationId}/shared-results`, { base: b })).body.data;
      await colleague.call('PUT', 'PUT /api/organisations/{id}/consent', `/api/organisations/${organisationId}/consent`, { base: a, body: { visibility: 'individual' } });
      const shownAfter = await poll('the consent given', async () => (await sharedOnB()).length === 1).catch(() => null);
      await colleague.call('PUT', 'PUT /api/organisations/{id}/consent', `/api/organisations/${organisationId}/consent`, { base: a, body: { visibility: 'aggregate_only' } });
      const withdrawnAfter = await poll('the consent withdrawn', async () => (await sharedOnB()).length === 0).catch(() => null);
      check(database, 'consent withdrawn on A seen on B', withdrawnAfter !== null && withdrawnAfter < cacheDelayLimitMs,
        `given: shown on B after ${shownAfter === null ? 'never' : `${shownAfter.toFixed(0)} ms`}; withdrawn: gone on B after ${withdrawnAfter === null ? 'more than 10 s' : `${withdrawnAfter.toFixed(0)} ms`}`);
    }

    // A coupon applied through A, the basket read through B.
    const buyer = await signUp({ ...context, bases: [a] });
    const code = `BENCH${randomBytes(3).toString('hex').toUpperCase()}`;
    await deployment.pool.query(`INSERT INTO coupons (code, type, value) VALUES ($1, 'percentage', 1000)`, [code]);
    const sku = (await buyer.call('GET', 'GET /api/products', '/api/products', { base: a })).body.data.find((product) => product.sku === 'REPORT-VALUES');
    await buyer.call('POST', 'POST /api/cart/items', '/api/cart/items', { base: a, body: { product_id: sku.id } });
    const basketOnB = async () => (await buyer.call('GET', 'GET /api/cart', '/api/cart', { base: b })).body?.data;
    await basketOnB();
    await buyer.call('POST', 'POST /api/cart/coupon', '/api/cart/coupon', { base: a, body: { coupon_code: code } });
    const couponAfter = await poll('the coupon', async () => (await basketOnB())?.coupon_code === code).catch(() => null);
    check(database, 'coupon applied on A seen on B', couponAfter !== null && couponAfter < cacheDelayLimitMs,
      `B's basket shows it after ${couponAfter === null ? 'more than 10 s' : `${couponAfter.toFixed(0)} ms`}`);

    // The basket (with its coupon) paid through A: B's report list (cached) shows the report.
    const listOnB = async () => (await buyer.call('GET', 'GET /api/reports', '/api/reports', { base: b })).body.data;
    await listOnB();
    await buyReport({ ...context, bases: [a] }, buyer, 'REPORT-VALUES', { inBasket: true });
    const listedAfter = await poll('the bought report', async () => (await listOnB()).length === 1).catch(() => null);
    check(database, 'report bought on A listed on B', listedAfter !== null && listedAfter < cacheDelayLimitMs,
      `B's report list shows it after ${listedAfter === null ? 'more than 10 s' : `${listedAfter.toFixed(0)} ms`}`);

    // Logout through A: B refuses the token.
    await buyer.call('GET', 'GET /api/user', '/api/user', { base: b });
    await buyer.call('POST', 'POST /api/logout', '/api/logout', { base: a, expect: [204] });
    const refusedAfter = await poll('the logout', async () => (await buyer.call('GET', 'GET /api/user', '/api/user', { base: b, expect: [200, 401] })).status === 401).catch(() => null);
    check(database, 'logout on A seen on B', refusedAfter !== null && refusedAfter < cacheDelayLimitMs,
      `B refuses the token after ${refusedAfter === null ? 'more than 10 s' : `${refusedAfter.toFixed(0)} ms`}`);

    check(database, 'no server error', timings.serverErrors === 0 && timings.errors.size === 0, `${timings.serverErrors} answers 5xx, ${[...timings.errors.values()].reduce((sum, n) => sum + n, 0)} network errors in ${timings.requests} requests`);
    console.log(`\n${formatTimings(timings.rows())}`);
  } catch (error) {
    check(database, 'run', false, error.stack ?? String(error));
  } finally {
    await deployment.stop();
  }
}

for (const database of databases) await run(database);
const failed = results.filter((result) => !result.passed);
console.log(`\nSummary (load average ${loadavg().map((value) => value.toFixed(2)).join(', ')}): ${results.length - failed.length} of ${results.length} checks passed`);
for (const result of failed) console.log(`  FAIL ${result.database}: ${result.name}: ${result.detail}`);
process.exit(failed.length === 0 ? 0 : 1);
