// Issue 11, against the built product:
// 1. 100 buyers who finished the questionnaire buy a BIG5 report at the same moment: all 100
//    reports must be ready within 15 s, while GET /api/user (another user, 10 connections) keeps
//    p99 under 100 ms during the burst (rendering runs in worker threads, one per core).
// 2. GET /api/reports of a user with four reports, 50 connections, 10 s: >= 3,000 req/s, p99 < 50 ms.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBirthDetails, csrfHeaders, registerBenchUser } from './lib/accounts.mjs';
import { startServer } from './lib/server-process.mjs';

// `node bench/reports.mjs --list` runs part 2 only (with one buyer).
const listOnly = process.argv.includes('--list');
const buyers = listOnly ? 1 : 100;
const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };
const billing = { first_name: 'Bench', last_name: 'Buyer', email: 'bench@example.com', address: 'Korenmarkt 1', city: 'Ghent', postal_code: '9000', country: 'BE' };

async function call(baseUrl, path, headers, init = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers, ...init });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A new user with birth details and every question answered (through the API, as the overlay does). */
async function respondent(baseUrl, name) {
  const user = await registerBenchUser(baseUrl, name);
  const headers = { authorization: `Bearer ${user.access_token}`, 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) };
  await call(baseUrl, '/api/user/birth-details', headers, { method: 'PUT', body: JSON.stringify(benchBirthDetails) });
  let question = await call(baseUrl, '/me/question', headers);
  for (let index = 0; question; index += 1) {
    const choices = question.question.choices;
    question = await call(baseUrl, `/me/question/${encodeURIComponent(question.question.id)}/answer`, headers, {
      method: 'POST',
      body: JSON.stringify({ choice_id: choices[(index * 7 + name.length) % choices.length].id }),
    });
  }
  return headers;
}

let productIds = null;
async function buy(baseUrl, headers, skus) {
  productIds ??= new Map((await call(baseUrl, '/api/products', { authorization: headers.authorization })).data.map((product) => [product.sku, product.id]));
  for (const sku of skus) await call(baseUrl, '/api/cart/items', headers, { method: 'POST', body: JSON.stringify({ product_id: productIds.get(sku) }) });
  const result = await call(baseUrl, '/api/checkout', headers, {
    method: 'POST',
    body: JSON.stringify({ billing, payment: { method: 'card', card }, digital_content_consent: true, idempotency_key: `bench_${Math.random().toString(16).slice(2)}${Date.now()}` }),
  });
  if (result.status !== 'paid') throw new Error(`checkout ended ${result.status}`);
}

async function inBatches(count, size, make) {
  const results = [];
  for (let start = 0; start < count; start += size) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, offset) => make(start + offset)))));
  }
  return results;
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-reports-'));
const server = await startServer({
  dataDir,
  port: 3211,
  env: { PAYMENT_PROVIDER: 'test', SIGNUP_LIMIT_PER_HOUR: '100000', CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '100000' },
});
try {
  const { baseUrl } = server;
  console.log(`preparing ${buyers} buyers who finished the questionnaire…`);
  const buyerHeaders = await inBatches(buyers, 10, (index) => respondent(baseUrl, `reports-${index}`));
  const reader = await registerBenchUser(baseUrl, 'reader');
  const readerAuth = { authorization: `Bearer ${reader.access_token}` };

  // 1. The burst.
  if (!listOnly) {
  const userLoad = autocannon({ url: `${baseUrl}/api/user`, headers: readerAuth, connections: 10, duration: 600 });
  const startedAt = performance.now();
  await Promise.all(buyerHeaders.map((headers) => buy(baseUrl, headers, ['REPORT-BIG5'])));
  const paidAfter = (performance.now() - startedAt) / 1000;
  let readyAfter = null;
  let pages = 0;
  for (;;) {
    const lists = await Promise.all(buyerHeaders.map((headers) => call(baseUrl, '/api/reports', { authorization: headers.authorization })));
    const ready = lists.filter((list) => list.data.length === 1 && list.data[0].status === 'ready');
    if (ready.length === buyers) {
      readyAfter = (performance.now() - startedAt) / 1000;
      pages = ready[0].data[0].page_count;
      break;
    }
    if (performance.now() - startedAt > 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  userLoad.stop();
  const during = await userLoad;
  const burstPass = readyAfter !== null && readyAfter <= 15 && during.latency.p99 < 100 && during.non2xx + during.errors === 0;
  console.log(
    `${buyers} purchases at once: all paid after ${paidAfter.toFixed(1)} s, all ${buyers} reports ready after ${readyAfter === null ? 'more than 120' : readyAfter.toFixed(1)} s (${pages} pages each); ` +
      `GET /api/user meanwhile: ${during.requests.average.toFixed(0)} req/s, p50 ${during.latency.p50} ms, p99 ${during.latency.p99} ms, non-2xx/errors ${during.non2xx + during.errors} ` +
      `(target: ready within 15 s, p99 < 100 ms): ${burstPass ? 'PASS' : 'FAIL'}`,
  );
  }

  // 2. The list.
  const owner = buyerHeaders[0];
  await buy(baseUrl, owner, listOnly ? ['REPORT-BIG5', 'REPORT-ENVIRONMENT', 'REPORT-VALUES'] : ['REPORT-ENVIRONMENT', 'REPORT-VALUES']);
  const ownerAuth = { authorization: owner.authorization };
  const list = await call(baseUrl, '/api/reports', ownerAuth);
  if (list.data.length !== 3) throw new Error(`the owner has ${list.data.length} reports`);
  await autocannon({ url: `${baseUrl}/api/reports`, headers: ownerAuth, connections: 50, duration: 2 });
  const result = await autocannon({ url: `${baseUrl}/api/reports`, headers: ownerAuth, connections: 50, duration: 10 });
  const failures = result.non2xx + result.errors;
  const listPass = result.requests.average >= 3000 && result.latency.p99 < 50 && failures === 0;
  console.log(
    `GET /api/reports (3 reports), 50 connections, 10 s: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx/errors ${failures} ` +
      `(target >= 3000 req/s, p99 < 50 ms): ${listPass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
