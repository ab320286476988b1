// Issue 15: Lighthouse (its default mobile settings: a mid-range phone, slow 4G and a 4x slower
// CPU, simulated) on the login, sign-up, dashboard, basket and checkout pages of the built
// product, three runs each, the median run reported; with the JavaScript and CSS each page loads,
// gzipped. Prints a table and writes it into bench/results.md between its markers, leaving the
// rest of that file as it is. Targets: performance >= 95 everywhere, accessibility and best
// practices 100, SEO >= 95 on the public pages; login JavaScript <= 90 KB gzipped, app pages
// <= 170 KB. Run it on a quiet machine: Lighthouse's CPU figures follow the machine's load.
//
// `npm run bench:web` builds first; `node bench/web.mjs` uses the build that is there.
// `--runs N` changes the number of runs; page names as arguments measure only those pages.
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { benchBirthDetails, csrfHeaders, registerBenchUser } from './lib/accounts.mjs';
import { startServer } from './lib/server-process.mjs';

const args = process.argv.slice(2);
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 3;
const onlyPages = args.filter((arg, index) => !arg.startsWith('--') && index !== runsIndex + 1);

/** `session`: a guest's fresh browser, or one holding the signed-in bench user's tokens. */
const pages = [
  { name: 'login', path: '/login', session: 'guest', public: true, jsBudgetKb: 90 },
  { name: 'sign-up', path: '/signup', session: 'guest', public: true, jsBudgetKb: 90 },
  { name: 'dashboard', path: '/dashboard', session: 'user', public: false, jsBudgetKb: 170 },
  { name: 'basket', path: '/checkout/basket', session: 'user', public: false, jsBudgetKb: 170 },
  { name: 'checkout', path: '/checkout/payment', session: 'user', public: false, jsBudgetKb: 170 },
].filter((page) => onlyPages.length === 0 || onlyPages.includes(page.name));

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const resultsFile = fileURLToPath(new URL('./results.md', import.meta.url));
const startMarker = '<!-- bench:web start -->';
const endMarker = '<!-- bench:web end -->';

/** The bytes a gzip-only client receives for `url` (the build's .gz twin, or the file itself). */
function gzippedSize(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let size = 0;
      response.on('data', (chunk) => (size += chunk.length));
      response.on('end', () => resolve(size));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** JavaScript and CSS the page fetched from our origin during the measured load, gzipped. */
async function initialAssets(lhr, origin) {
  const requests = lhr.audits['network-requests'].details.items.filter((item) => item.url.startsWith(origin));
  const sizes = { script: 0, stylesheet: 0 };
  for (const item of requests) {
    if (item.resourceType === 'Script') sizes.script += await gzippedSize(item.url);
    if (item.resourceType === 'Stylesheet') sizes.stylesheet += await gzippedSize(item.url);
  }
  return sizes;
}

async function launchBrowser() {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // As root (containers, CI) Chromium only starts without its sandbox.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
}

async function call(baseUrl, path, headers, init = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers, ...init });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * A user whose registration is complete (birth details, every question answered: the basket and
 * the checkout are closed before that, spec 2), with two reports and a service in the basket.
 */
async function prepareUser(baseUrl) {
  const user = await registerBenchUser(baseUrl, 'web');
  const headers = { authorization: `Bearer ${user.access_token}`, 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) };
  await call(baseUrl, '/api/user/birth-details', headers, { method: 'PUT', body: JSON.stringify(benchBirthDetails) });
  let question = await call(baseUrl, '/me/question', headers);
  for (let index = 0; question; index += 1) {
    const choices = question.question.choices;
    question = await call(baseUrl, `/me/question/${encodeURIComponent(question.question.id)}/answer`, headers, {
      method: 'POST',
      body: JSON.stringify({ choice_id: choices[(index * 7) % choices.length].id }),
    });
  }
  for (const sku of ['REPORT-BIG5', 'REPORT-VALUES', 'SERVICE-TEAM-PROFILES']) {
    await call(baseUrl, '/api/cart/items', headers, { method: 'POST', body: JSON.stringify({ sku }) });
  }
  return user;
}

/** Stores the user's tokens where the SPA keeps its session (spec 3: localStorage). */
async function signIn(browser, baseUrl, user) {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((tokens) => {
    localStorage.setItem('auth_token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
    localStorage.setItem('expires_at', String(tokens.expires_at));
  }, user);
  await page.close();
}

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART, on a busy machine) is tried again. */
async function lighthouseRun(browser, url, attempt = 1) {
  const page = await browser.newPage();
  // Lighthouse's defaults: mobile emulation and simulated throttling; the HTTP cache is cleared
  // before each run (localStorage is kept, so the session survives).
  const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: categories }, undefined, page);
  await page.close();
  const error = result ? result.lhr.runtimeError : { message: 'no result' };
  if (!error) return result.lhr;
  if (attempt < 3) return lighthouseRun(browser, url, attempt + 1);
  throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
}

async function measure(browser, url) {
  const results = [];
  for (let run = 0; run < runs; run += 1) results.push(await lighthouseRun(browser, url));
  return { median: computeMedianRun(results), performanceScores: results.map((lhr) => Math.round(lhr.categories.performance.score * 100)) };
}

const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const ms = (lhr, audit) => `${(lhr.audits[audit].numericValue / 1000).toFixed(1)} s`;

function check(row) {
  const failures = [];
  if (row.performance < 95) failures.push('performance');
  if (row.accessibility < 100) failures.push('accessibility');
  if (row.bestPractices < 100) failures.push('best practices');
  if (row.public && row.seo < 95) failures.push('SEO');
  if (row.js > row.jsBudgetKb * 1024) failures.push(`JS > ${row.jsBudgetKb} KB`);
  return failures.length === 0 ? 'PASS' : `FAIL (${failures.join(', ')})`;
}

function markdownTable(rows, load) {
  const lines = [
    `Lighthouse ${rows[0]?.lighthouseVersion ?? ''}, mobile defaults (simulated slow 4G, 4x CPU slowdown), median of ${runs} runs, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load}.`,
    '',
    '| page | performance (runs) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS gzipped | CSS gzipped | targets |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.performance} (${row.performanceScores.join(', ')}) | ${row.accessibility} | ${row.bestPractices} | ${row.seo}${row.public ? '' : ' (not indexed)'} | ${row.fcp} | ${row.lcp} | ${row.tbt} | ${row.cls} | ${kb(row.js)} KB | ${kb(row.css)} KB | ${row.verdict} |`,
    ),
    '',
    'Targets: performance >= 95, accessibility and best practices 100, SEO >= 95 on public pages (robots.txt keeps the signed-in pages out of search engines, so their SEO score is not a target); JavaScript <= 90 KB gzipped on login and sign-up, <= 170 KB on app pages.',
  ];
  return lines.join('\n');
}

function writeResults(table) {
  const section = `${startMarker}\n## Web delivery (\`npm run bench:web\`)\n\n${table}\n${endMarker}`;
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n';
  const start = previous.indexOf(startMarker);
  const end = previous.indexOf(endMarker);
  const next = start >= 0 && end > start ? previous.slice(0, start) + section + previous.slice(end + endMarker.length) : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(resultsFile, next);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const server = await startServer({ dataDir, port: 3213, env: { PAYMENT_PROVIDER: 'test' } });
const browsers = [];
try {
  const user = await prepareUser(server.baseUrl);
  const guestBrowser = await launchBrowser();
  const userBrowser = await launchBrowser();
  browsers.push(guestBrowser, userBrowser);
  await signIn(userBrowser, server.baseUrl, user);

  const rows = [];
  for (const page of pages) {
    const browser = page.session === 'user' ? userBrowser : guestBrowser;
    const { median, performanceScores } = await measure(browser, `${server.baseUrl}${page.path}`);
    if (new URL(median.finalDisplayedUrl).pathname !== page.path) throw new Error(`${page.path} ended on ${median.finalDisplayedUrl}`);
    const assets = await initialAssets(median, server.baseUrl);
    const row = {
      ...page,
      lighthouseVersion: median.lighthouseVersion,
      performance: score(median, 'performance'),
      performanceScores,
      accessibility: score(median, 'accessibility'),
      bestPractices: score(median, 'best-practices'),
      seo: score(median, 'seo'),
      fcp: ms(median, 'first-contentful-paint'),
      lcp: ms(median, 'largest-contentful-paint'),
      tbt: `${Math.round(median.audits['total-blocking-time'].numericValue)} ms`,
      cls: median.audits['cumulative-layout-shift'].numericValue.toFixed(3),
      js: assets.script,
      css: assets.stylesheet,
    };
    row.verdict = check(row);
    rows.push(row);
    const failing = categories.flatMap((category) => median.categories[category].auditRefs.filter((ref) => ref.weight > 0 && median.audits[ref.id].score !== null && median.audits[ref.id].score < 1).map((ref) => `${category}/${ref.id}`));
    console.log(
      `${page.name.padEnd(10)} performance ${row.performance} (${performanceScores.join(', ')}), accessibility ${row.accessibility}, best practices ${row.bestPractices}, SEO ${row.seo}; FCP ${row.fcp}, LCP ${row.lcp}, TBT ${row.tbt}, CLS ${row.cls}; JS ${kb(row.js)} KB, CSS ${kb(row.css)} KB gzipped: ${row.verdict}`,
    );
    if (failing.length > 0) console.log(`           audits below 1: ${failing.join(', ')}`);
  }
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  const table = markdownTable(rows, load);
  if (onlyPages.length === 0) writeResults(table);
  console.log(`\nload average ${load}${onlyPages.length === 0 ? '; written to bench/results.md' : ' (some pages only: bench/results.md left as it was)'}`);
} finally {
  for (const browser of browsers) await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
