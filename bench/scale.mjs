// Issue 14, "Data growth": the built product's answer times as its data grows from 1,000 to
// 100,000 users who completed the questionnaire, bought reports and belong to organisations.
// Goal: the p99 of each call at 100,000 users within 1.5x of its p99 at 1,000.
//
// One fresh DATA_DIR: the server starts once and migrates; a template user is made through the API
// (scale-template.mjs); the population is then grown in bulk SQL to each size in turn
// (scale-seed.mjs: each new user a copy of the template's rows with new ids, varied results, and a
// membership: every tenth user in one large organisation, 10,000 members at 100,000 users, the
// others in organisations of 5 to 200 members). At each size: VACUUM ANALYZE, the server restarted
// (pg_stat_statements loaded), a warm-up, then each call `--requests` times (2 at a time) as users
// drawn at random from the whole population, each with their own access token. The server's
// caches are off (every *_CACHE_TTL_MS=0), so each answer does its database work: at 1,000 users
// a cache would answer many draws from memory and at 100,000 few, and the comparison would measure
// the caches. Memory: the server's RSS; PostgreSQL's as the sum of its processes' RSS (shared
// buffers counted in each process that touched them) and of their PSS (counted once).
//
// Prints a table and writes it into bench/results.md between its markers, with the load average;
// then the statements that took the most time at the largest size (pg_stat_statements).
//
// `npm run bench:scale` builds first; `node bench/scale.mjs` uses the build that is there.
// `--sizes 1000,10000` for a short run (bench/results.md is written only for the full run unless
// `--write`); `--requests N` per call (default 2000); `--keep` leaves the DATA_DIR for EXPLAIN.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csrfHeaders } from './lib/accounts.mjs';
import { accessTokenOf, checkSummaryReplay, organisationPlan, seedUsers } from './lib/scale-seed.mjs';
import { databaseOf, memoryOf, startScaleServer } from './lib/scale-server.mjs';
import { createTemplateUser } from './lib/scale-template.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const defaultSizes = [1_000, 100_000];
const sizes = option('--sizes', defaultSizes.join(',')).split(',').map(Number);
const requests = Number(option('--requests', 2000));
const concurrency = 2;
const warmUp = 200;
const keep = args.includes('--keep');
const write = args.includes('--write') || sizes.join(',') === defaultSizes.join(',');
const port = 3480;
const goal = 1.5;

const resultsFile = fileURLToPath(new URL('./results.md', import.meta.url));
const startMarker = '<!-- bench:scale start -->';
const endMarker = '<!-- bench:scale end -->';

const cachesOff = { SESSION_CACHE_TTL_MS: '0', BASKET_CACHE_TTL_MS: '0', REPORT_LIST_CACHE_TTL_MS: '0', TEAM_OVERVIEW_CACHE_TTL_MS: '0' };
const serverEnv = { ...cachesOff, PAYMENT_PROVIDER: 'test', SIGNUP_LIMIT_PER_HOUR: '1000' };

const random = (count) => 1 + Math.floor(Math.random() * count);
const uuidOfHex = (hex) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
/** The seed's id of the copy of `id` number `n` (md5(id || ':' || n)::uuid in scale-seed.mjs). */
const copyIdOf = (id, n) => uuidOfHex(createHash('md5').update(`${id}:${n}`).digest('hex'));

/** Runs `count` requests, `concurrency` at a time; resolves with their times in ms and the unexpected answers. */
async function run(baseUrl, count, makeRequest) {
  const times = [];
  const failures = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const { path, method = 'GET', headers, body } = makeRequest();
        const started = performance.now();
        const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200 && response.status !== 204) failures.push(`${method} ${path}: ${response.status}`);
      }
    }),
  );
  return { times, failures };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The calls measured at each size, as users drawn from the whole population of `size`. */
function calls(size, template, plan, csrf) {
  const bearer = (n) => ({ authorization: `Bearer ${accessTokenOf(n)}` });
  const items = template.questions;
  const smallOrganisationMember = () => {
    for (;;) {
      const n = random(size);
      if (plan.organisationOf[n] !== 0) return n;
    }
  };
  return [
    { name: 'GET /api/user', request: () => ({ path: '/api/user', headers: bearer(random(size)) }) },
    { name: 'GET /me/question (none left: 204)', request: () => ({ path: '/me/question', headers: bearer(random(size)) }) },
    {
      name: 'GET /me/question?id= (an answered one)',
      request: () => ({ path: `/me/question?id=${encodeURIComponent(items[random(items.length) - 1].id)}`, headers: bearer(random(size)) }),
    },
    {
      // A completed set's answer changed (4 times in 5 a new choice): stored, the set scored again,
      // the result and the team summary rewritten.
      name: 'POST /me/question/{id}/answer',
      request: () => {
        const item = items[random(items.length) - 1];
        return {
          path: `/me/question/${encodeURIComponent(item.id)}/answer`,
          method: 'POST',
          headers: { ...bearer(random(size)), ...csrf, 'content-type': 'application/json' },
          body: JSON.stringify({ choice_id: item.choices[random(item.choices.length) - 1] }),
        };
      },
    },
    { name: 'GET /api/cart', request: () => ({ path: '/api/cart', headers: bearer(random(size)) }) },
    { name: 'GET /api/reports', request: () => ({ path: '/api/reports', headers: bearer(random(size)) }) },
    {
      name: 'team overview, own organisation (5-200 members)',
      request: () => {
        const n = smallOrganisationMember();
        return { path: `/api/organisations/${copyIdOf(template.organisationId, plan.organisationOf[n])}/team-overview`, headers: bearer(n) };
      },
    },
    {
      name: `team overview, the large organisation (a tenth of all users)`,
      request: () => ({ path: `/api/organisations/${copyIdOf(template.organisationId, 0)}/team-overview`, headers: bearer(10 * random(Math.floor(size / 10))) }),
      fewer: true,
    },
  ];
}

const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
let server = await startScaleServer({ dataDir, port, env: serverEnv });
let db = databaseOf(dataDir);
await db.connect();
const measured = [];
try {
  console.log('making the template user through the API…');
  const template = await createTemplateUser(server.baseUrl);
  await checkSummaryReplay(db, template);
  await db.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  const plan = organisationPlan(Math.max(...sizes));
  let seeded = 0;
  for (const size of sizes) {
    console.log(`\nseeding users ${seeded + 1} to ${size}…`);
    const seedStarted = performance.now();
    await seedUsers(db, template, plan, { from: seeded, to: size, log: (table, seconds) => seconds >= 1 && console.log(`  ${table}: ${seconds.toFixed(1)} s`) });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const vacuumStarted = performance.now();
    await db.query('vacuum analyze');
    const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
    seeded = size;
    const { rows: sizeRows } = await db.query(`select pg_database_size('app') as bytes, (select count(*) from current_answers)::int as answers`);
    console.log(`seeded in ${seedSeconds.toFixed(0)} s, VACUUM ANALYZE ${vacuumSeconds.toFixed(0)} s; database ${mb(Number(sizeRows[0].bytes))}, ${sizeRows[0].answers} current answers`);

    // A fresh server (and PostgreSQL, now with pg_stat_statements) on the grown data. Its start
    // refreshes the score norms only if none is recent: they are made to look an hour old.
    await db.query(`update score_norms set computed_at = computed_at - interval '1 hour'`);
    await db.end();
    await server.stop();
    const restartedAt = new Date();
    server = await startScaleServer({ dataDir, port, env: serverEnv });
    db = databaseOf(dataDir);
    await db.connect();
    await db.query('create extension if not exists pg_stat_statements');
    // Every start queues the score norms' refresh, a pass over all results (about 40 s of one
    // core at 100,000 users on this machine): measured after it, not beside it.
    const normsStarted = performance.now();
    while ((await db.query(`select coalesce(max(computed_at) >= $1, false) as done from score_norms`, [restartedAt])).rows[0].done !== true) {
      if (performance.now() - normsStarted > 600_000) throw new Error('the score norms were not refreshed within 10 minutes of the start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`score norms refreshed after the start in ${((performance.now() - normsStarted) / 1000).toFixed(0)} s`);
    const csrf = await csrfHeaders(server.baseUrl);

    const rows = [];
    for (const call of calls(size, template, plan, csrf)) {
      const count = call.fewer ? Math.max(100, Math.floor(requests / 10)) : requests;
      await run(server.baseUrl, call.fewer ? 20 : warmUp, call.request);
      await db.query('select pg_stat_statements_reset()');
      const { times, failures } = await run(server.baseUrl, count, call.request);
      if (failures.length > 0) throw new Error(`${call.name}: ${failures.length} unexpected answers, e.g. ${failures.slice(0, 3).join('; ')}`);
      times.sort((a, b) => a - b);
      // The database's own time for the call's statements (the machine's load moves it less than
      // the answer times): pg_stat_statements over the timed requests only.
      // Statements run at least once per two requests: the call's own, not the job queue's polling.
      const { rows: statements } = await db.query(
        `select calls, mean_exec_time, total_exec_time, shared_blks_hit + shared_blks_read as blocks, regexp_replace(query, '\\s+', ' ', 'g') as query
         from pg_stat_statements where dbid = (select oid from pg_database where datname = 'app') and calls >= $1
         order by total_exec_time desc`,
        [count / 2],
      );
      const databaseMs = statements.reduce((total, statement) => total + statement.total_exec_time, 0) / count;
      const row = { name: call.name, count, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), databaseMs, top: statements.slice(0, 2) };
      rows.push(row);
      console.log(
        `  ${call.name.padEnd(52)} ${String(count).padStart(5)} requests: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms; database ${databaseMs.toFixed(2)} ms per request`,
      );
    }
    const memory = memoryOf(server.pid, dataDir);
    const load = loadavg().map((value) => value.toFixed(2)).join(', ');
    console.log(
      `  memory: server RSS ${mb(memory.serverRss)}; PostgreSQL (${memory.postgresProcesses} processes) RSS sum ${mb(memory.postgresRss)}, PSS sum ${mb(memory.postgresPss)}; load average ${load}`,
    );
    measured.push({ size, rows, memory, load, seedSeconds, vacuumSeconds, databaseBytes: Number(sizeRows[0].bytes) });
  }

  const first = measured[0];
  const last = measured[measured.length - 1];
  const table = markdownTable(first, last, measured.reduce((total, size) => total + size.seedSeconds, 0));
  console.log(`\n${table}`);
  console.log(`\neach call's two statements with the most time at ${last.size.toLocaleString('en')} users (pg_stat_statements: mean ms, 8 KB blocks read or hit per call):`);
  for (const row of last.rows) {
    console.log(`  ${row.name}`);
    for (const statement of row.top) {
      console.log(`    ${statement.calls} calls, mean ${statement.mean_exec_time.toFixed(2)} ms, ${Math.round(statement.blocks / statement.calls)} blocks: ${statement.query.slice(0, 200)}`);
    }
  }
  if (write) {
    const content = readFileSync(resultsFile, 'utf8');
    const block = `${startMarker}\n${table}\n${endMarker}`;
    const start = content.indexOf(startMarker);
    const end = content.indexOf(endMarker);
    writeFileSync(resultsFile, start >= 0 && end > start ? `${content.slice(0, start)}${block}${content.slice(end + endMarker.length)}` : `${content.trimEnd()}\n\n${block}\n`);
    console.log('\nwritten to bench/results.md');
  }
  const missed = last.rows.filter((row, index) => !row.name.includes('large organisation') && row.p99 > goal * first.rows[index].p99);
  console.log(`\ndata growth: ${missed.length === 0 ? 'PASS' : `FAIL (${missed.map((row) => row.name).join('; ')})`}`);
} finally {
  await db.end();
  await server.stop();
  if (keep) console.log(`DATA_DIR kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}

function markdownTable(first, last, seedSeconds) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    '## Data growth (`npm run bench:scale`)',
    '',
    `${when} UTC. Users who completed the questionnaire, bought two reports (the third in the basket) and belong to an organisation; ${requests} requests per call (${Math.max(100, Math.floor(requests / 10))} in the large organisation), 2 at a time, after a warm-up, each as a user drawn at random from the whole population; server caches off. Seeding ${first.size.toLocaleString('en')} users took ${first.seedSeconds.toFixed(0)} s, ${last.size.toLocaleString('en')} users ${seedSeconds.toFixed(0)} s in all (plus VACUUM ANALYZE ${last.vacuumSeconds.toFixed(0)} s; database ${mb(first.databaseBytes)} and ${mb(last.databaseBytes)}). Load average ${first.load} (at ${first.size.toLocaleString('en')}), ${last.load} (at ${last.size.toLocaleString('en')}) on 2 shared cores. Measured after the score norms' refresh that each start queues. Database ms per request: the time PostgreSQL spent in the call's statements (pg_stat_statements over the timed requests; statements run at least once per two requests), which the machine's load moves less than the answer times.`,
    '',
    `| call | p50 at ${first.size.toLocaleString('en')} | p99 at ${first.size.toLocaleString('en')} | p50 at ${last.size.toLocaleString('en')} | p99 at ${last.size.toLocaleString('en')} | p99 ratio | goal <= ${goal}x | database ms per request, ${first.size.toLocaleString('en')} -> ${last.size.toLocaleString('en')} |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  last.rows.forEach((row, index) => {
    const before = first.rows[index];
    const ratio = row.p99 / before.p99;
    const large = row.name.includes('large organisation');
    lines.push(
      `| ${row.name}${large ? ` (${Math.floor(first.size / 10).toLocaleString('en')} and ${Math.floor(last.size / 10).toLocaleString('en')} members)` : ''} | ${before.p50.toFixed(1)} ms | ${before.p99.toFixed(1)} ms | ${row.p50.toFixed(1)} ms | ${row.p99.toFixed(1)} ms | ${ratio.toFixed(2)}x | ${large ? 'not compared (more members)' : ratio <= goal ? 'met' : 'MISSED'} | ${before.databaseMs.toFixed(2)} -> ${row.databaseMs.toFixed(2)} |`,
    );
  });
  lines.push(
    '',
    `| memory | at ${first.size.toLocaleString('en')} | at ${last.size.toLocaleString('en')} |`,
    '|---|---|---|',
    `| server RSS | ${mb(first.memory.serverRss)} | ${mb(last.memory.serverRss)} |`,
    `| PostgreSQL, sum of its processes' RSS | ${mb(first.memory.postgresRss)} (${first.memory.postgresProcesses} processes) | ${mb(last.memory.postgresRss)} (${last.memory.postgresProcesses} processes) |`,
    `| PostgreSQL, sum of their PSS (shared memory counted once) | ${mb(first.memory.postgresPss)} | ${mb(last.memory.postgresPss)} |`,
  );
  return lines.join('\n');
}
