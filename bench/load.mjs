// Issue 14, "Load": simulated users doing the journey of bench/lib/journey.mjs concurrently against
// the built product, first on one server with its embedded database, then on two instances on an
// external PostgreSQL (bench/lib/deployments.mjs says how to set that one up). Prints p50/p95/p99
// per endpoint for both side by side, the server's memory (RSS) and PostgreSQL's (PSS) sampled
// every second, and writes the tables into bench/results.md between its markers. Targets: no 5xx,
// memory growth under 10 % between the first and the last 30 s. To tell what grows, the same
// samples hold the main thread's V8 heap from the server's /metrics (used, reserved, young and old
// generation, external: what a leak would grow) and the anonymous part of the RSS; sampling goes on
// for 20 s after the users stop (not compared), to see whether the memory comes back. The render
// threads' heaps are in the RSS only.
//
// The mix: three users in four are new: they do the whole journey (sign-up, verification, birth
// data, the 130 questions, a report bought, waited for and downloaded, an organisation created and
// activated, its invited colleague signing up and accepting). One in four is a returning user who
// finished the questionnaire on an earlier day (prepared through the API before the measured time,
// without pauses): they buy a report, download it, create and activate an organisation and have a
// colleague accept, so checkouts, reports and organisations are under load from the first minute.
// Preparing them warms the servers up (sign-ups, answers, and a few reports, so the report render
// threads have started).
// A steady phase: the users arrive evenly over a warm-up (90 s: a sign-up every 0.45 s, each an
// argon2 hash of about 25 ms of CPU on a quiet core), about one journey's length, and each user's
// place then stays busy: a user whose journey is done comes back two to four times, as a returning
// user does (the dashboard's calls: user, reports, basket; the report's view, half the time its
// PDF again; the organisation's members; 1-3 s between visits), and leaves; a new person takes the
// place and starts the whole journey. So the measured 2 minutes that follow the warm-up carry the
// same mix all along, and the first and the last 30 s, whose memory is compared, the same work (the
// reports rendered in each are printed). Latencies, journeys and visits are counted in the measured
// time; 5xx and network errors in the warm-up as well. Between two steps a user pauses as a person
// would, compressed: 0.3-1.5 s, and 0.2-0.8 s between two answers (a real person takes longer per
// question; this keeps the whole journey within about a minute and a half). At the end of the time
// users stop at their next step.
// Sign-ups come from many addresses (TRUST_PROXY on in the bench servers, each user its own
// X-Forwarded-For), as real users do; the limits stay the production defaults.
//
// node bench/load.mjs [--users 200] [--seconds 120] [--warm-up 90] [--returning 0.25] [--database embedded|external|both]
// (`npm run bench:load` builds first; ports 3454-3456)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startDeployment } from './lib/deployments.mjs';
import { acceptInvitation, buyReport, completeQuestionnaire, createAndActivateOrganisation, downloadReadyReport, signUp } from './lib/journey.mjs';
import { heapFields, meanBetween, sampleMemory } from './lib/memory.mjs';
import { Timings, ms } from './lib/timings.mjs';
import { randomUUID } from 'node:crypto';

const args = process.argv.slice(2);
const valueOf = (flag, fallback) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : fallback);
const users = Number(valueOf('--users', 200));
const seconds = Number(valueOf('--seconds', 120));
const databaseChoice = valueOf('--database', 'both');
const returningShare = Number(valueOf('--returning', 0.25));
const warmUpSeconds = Number(valueOf('--warm-up', 90));
const runs = [
  { database: 'embedded', instances: 1, ports: [3454], label: 'embedded, 1 instance' },
  { database: 'external', instances: 2, ports: [3455, 3456], label: 'external PostgreSQL, 2 instances' },
].filter((run) => databaseChoice === 'both' || run.database === databaseChoice);
const memoryWindowSeconds = Math.min(30, seconds / 4);
const maxGrowth = 0.1;
/** Users arrive over the warm-up (without one, over the first quarter of the measured time). */
const arrivalSeconds = warmUpSeconds > 0 ? warmUpSeconds : seconds / 4;
/** Reports bought per instance while the returning users are prepared (a warm-up, see below). */
const warmUpReports = 3;
/** Memory is still sampled this long after the users stop, to see whether it comes back. */
const idleSeconds = 20;

const resultsFile = fileURLToPath(new URL('./results.md', import.meta.url));
const startMarker = '<!-- bench:load start -->';
const endMarker = '<!-- bench:load end -->';

class TimeUp extends Error {}

const between = (low, high) => low + Math.random() * (high - low);
const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * One user's place until `deadline`: the whole journey (from `returning`'s purchase on, if given),
 * two to four returning visits, then a new person's journey in the same place, and so on.
 */
async function simulatedUser(context, deadline, tally, returning) {
  const pause = async (low = 300, high = 1_500) => {
    if (performance.now() >= deadline) throw new TimeUp();
    await sleep(between(low, high));
    if (performance.now() >= deadline) throw new TimeUp();
  };
  const stepContext = { ...context, pause: () => pause(), answerPause: () => pause(200, 800) };
  const measured = () => performance.now() >= tally.measuredFrom;
  try {
    for (let person = returning; ; person = undefined) {
      let owner = person;
      if (!owner) {
        owner = await signUp(stepContext);
        await pause();
        await completeQuestionnaire(stepContext, owner);
      }
      await pause();
      await buyReport(stepContext, owner);
      const report = await downloadReadyReport(stepContext, owner);
      tally.reportsReadyAt.push(performance.now());
      await pause();
      const colleagueEmail = `colleague-${randomUUID()}@example.com`;
      const organisationId = await createAndActivateOrganisation(stepContext, owner, colleagueEmail);
      await pause();
      const colleague = await signUp(stepContext, { email: colleagueEmail, name: 'Zofia Director' });
      await pause();
      await acceptInvitation(stepContext, colleague);
      if (measured()) tally.journeys += 1;
      const visits = 2 + Math.floor(Math.random() * 3);
      for (let visit = 0; visit < visits; visit += 1) {
        await pause(1_000, 3_000);
        await owner.call('GET', 'GET /api/user', '/api/user');
        await owner.call('GET', 'GET /api/reports', '/api/reports');
        await owner.call('GET', 'GET /api/cart', '/api/cart');
        await pause();
        await owner.call('GET', 'GET /api/reports/{type}/{id}', `/api/reports/${report.type}/${report.id}`);
        if (Math.random() < 0.5) await owner.call('GET', 'GET /api/reports/{type}/{id}/pdf', `/api/reports/${report.type}/${report.id}/pdf`, { binary: true });
        await pause();
        await owner.call('GET', 'GET /api/organisations/{id}/members', `/api/organisations/${organisationId}/members`);
        if (measured()) tally.visits += 1;
      }
    }
  } catch (error) {
    if (error instanceof TimeUp) return;
    tally.failures.push(error.message);
  }
}

async function measure(run) {
  console.log(`\n${run.label}: ${users} users for ${seconds} s after a ${warmUpSeconds} s warm-up (load average before ${loadavg().map((value) => value.toFixed(2)).join(', ')})`);
  const deployment = await startDeployment({ database: run.database, instances: run.instances, ports: run.ports });
  try {
    // Returning users: signed up and through the questionnaire before the measured time.
    const returningCount = Math.round(users * returningShare);
    const preparation = { bases: deployment.bases, timings: new Timings(), mailPool: deployment.pool };
    const returning = [];
    const preparationFailures = [];
    const preparedAt = performance.now();
    for (let start = 0; start < returningCount; start += 10) {
      returning.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, returningCount - start) }, async (_, offset) => {
            try {
            const client = await signUp(preparation);
            await completeQuestionnaire(preparation, client);
            // Warm-up: the first few also buy another report and wait for it, so the render threads
            // (started at a server's first report, about 50 MB each) run before memory is sampled.
            if (start + offset < warmUpReports * run.instances) {
              await buyReport(preparation, client, 'REPORT-VALUES');
              await downloadReadyReport(preparation, client, 'values');
            }
            return client;
            } catch (error) {
              preparationFailures.push(error.message);
              return undefined;
            }
          }),
        )).filter(Boolean),
      );
    }
    for (const failure of preparationFailures) console.log(`    preparation failure: ${failure}`);
    console.log(`  ${returningCount} returning users prepared in ${((performance.now() - preparedAt) / 1000).toFixed(0)} s; ${users - returningCount} new users`);
    const timings = new Timings();
    for (const client of returning) client.useTimings(timings);
    const measuredFrom = performance.now() + warmUpSeconds * 1_000;
    const deadline = measuredFrom + seconds * 1_000;
    timings.measureFrom(measuredFrom);
    const tally = { measuredFrom, journeys: 0, visits: 0, reportsReadyAt: [], failures: [...preparationFailures] };
    const context = { bases: deployment.bases, timings, mailPool: deployment.pool };
    const usersDone = Promise.all(
      Array.from({ length: users }, async (_, index) => {
        await sleep((index / users) * arrivalSeconds * 1_000);
        // No sticky sessions: a user's requests go to the instances in turn (one instance: always it).
        // Returning users are spread among the new ones (every fourth, by default).
        const returningUser = returning.length > 0 && index % Math.round(1 / returningShare) === 0 ? returning.pop() : undefined;
        await simulatedUser({ ...context, firstBase: index }, deadline, tally, returningUser);
      }),
    );
    if (warmUpSeconds > 0) console.log(`  warm-up: ${users} users arriving over ${warmUpSeconds} s, not measured`);
    await sleep(Math.max(0, measuredFrom - performance.now()));
    const memory = sampleMemory({
      servers: deployment.servers.map((server) => server.pid),
      postgresPids: () => deployment.postgresPids(),
      metricsUrls: deployment.bases.map((base) => `${base}/metrics`),
    });
    const startedAt = performance.now();
    const progress = setInterval(() => {
      const latest = memory.latest();
      console.log(
        `  ${((performance.now() - startedAt) / 1000).toFixed(0)} s: ${timings.requests} requests, ${timings.serverErrors} 5xx, ${tally.journeys} journeys done; ` +
          `server RSS ${latest?.server.toFixed(0)} MB (anonymous ${latest?.serverAnon.toFixed(0)}; main thread's heap ${latest?.heapUsed.toFixed(0)} used of ${latest?.heapTotal.toFixed(0)}: ` +
          `young ${latest?.newSpace.toFixed(0)}, old ${latest?.oldSpace.toFixed(0)}; external ${latest?.external.toFixed(0)}), ` +
          `PostgreSQL PSS ${latest?.postgres.toFixed(0)} MB; load average ${loadavg()[0].toFixed(2)}`,
      );
    }, 15_000);
    await usersDone;
    clearInterval(progress);
    const elapsed = (performance.now() - startedAt) / 1000;
    // Whether what the load took comes back once it stops (a leak would not): the same sampling
    // through a quiet spell after the measured time (it is not part of the windows compared).
    await sleep(idleSeconds * 1_000);
    const samples = memory.stop();
    const idleFrom = samples.findIndex((sample) => sample.atSeconds >= elapsed);
    const idle = idleFrom >= 0 ? samples.slice(idleFrom) : [];
    const measured = samples.slice(0, idleFrom >= 0 ? idleFrom : samples.length);
    const lastStart = Math.max(0, seconds - memoryWindowSeconds);
    const reportsBetween = (fromSeconds, toSeconds) =>
      tally.reportsReadyAt.filter((time) => time >= startedAt + fromSeconds * 1_000 && time < startedAt + toSeconds * 1_000).length;
    const summary = {
      label: run.label,
      rows: timings.rows(),
      requests: timings.requests,
      requestsPerSecond: timings.requests / elapsed,
      serverErrors: timings.serverErrors,
      networkErrors: [...timings.errors.values()].reduce((sum, count) => sum + count, 0),
      journeys: tally.journeys,
      visits: tally.visits,
      failures: tally.failures,
      serverFirst: meanBetween(measured, 'server', 0, memoryWindowSeconds),
      serverLast: meanBetween(measured, 'server', lastStart, seconds + 1),
      serverPeak: Math.max(...measured.map((sample) => sample.server)),
      serverIdle: idle.at(-1)?.server ?? NaN,
      heapIdle: idle.at(-1)?.heapTotal ?? NaN,
      heap: Object.fromEntries(
        heapFields.map((field) => [field, [meanBetween(measured, field, 0, memoryWindowSeconds), meanBetween(measured, field, lastStart, seconds + 1)]]),
      ),
      reportsFirst: reportsBetween(0, memoryWindowSeconds),
      reportsLast: reportsBetween(lastStart, seconds + 1),
      postgresFirst: meanBetween(measured, 'postgres', 0, memoryWindowSeconds),
      postgresLast: meanBetween(measured, 'postgres', lastStart, seconds + 1),
      load: loadavg().map((value) => value.toFixed(2)).join(', '),
    };
    summary.serverGrowth = summary.serverLast / summary.serverFirst - 1;
    summary.postgresGrowth = summary.postgresLast / summary.postgresFirst - 1;
    console.log(
      `  ${summary.requests} requests (${summary.requestsPerSecond.toFixed(0)}/s), ${summary.serverErrors} 5xx, ${summary.networkErrors} network errors; ` +
        `${summary.journeys} journeys complete, ${summary.visits} return visits, ${summary.failures.length} users stopped by a failure; load average after ${summary.load}`,
    );
    for (const failure of [...new Set(summary.failures)].slice(0, 10)) console.log(`    failure: ${failure}`);
    console.log(
      `  server RSS${run.instances > 1 ? ` (${run.instances} instances summed)` : ''}: first ${memoryWindowSeconds} s ${summary.serverFirst.toFixed(0)} MB, last ${memoryWindowSeconds} s ${summary.serverLast.toFixed(0)} MB ` +
        `(${percent(summary.serverGrowth)}), peak ${summary.serverPeak.toFixed(0)} MB; reports ready ${summary.reportsFirst} -> ${summary.reportsLast}; PostgreSQL PSS ${summary.postgresFirst.toFixed(0)} -> ${summary.postgresLast.toFixed(0)} MB (${percent(summary.postgresGrowth)})`,
    );
    console.log(`  main thread${run.instances > 1 ? 's' : ''}, first -> last ${memoryWindowSeconds} s: ${heapLine(summary)}`);
    console.log(`  after ${idleSeconds} s without users: server RSS ${summary.serverIdle.toFixed(0)} MB, main thread's heap reserved ${summary.heapIdle.toFixed(0)} MB`);
    return summary;
  } finally {
    await deployment.stop();
  }
}

const percent = (fraction) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %`;

/** The main threads' V8 heap (used, reserved) and external memory, first window -> last, from /metrics. */
const heapLine = (summary) =>
  [
    ['heap used', 'heapUsed'],
    ['heap reserved', 'heapTotal'],
    ['young generation', 'newSpace'],
    ['old generation', 'oldSpace'],
    ['external', 'external'],
  ]
    .map(([label, field]) => `${label} ${summary.heap[field].map((value) => value.toFixed(0)).join(' -> ')} MB`)
    .join(', ');

/** Both runs' endpoints side by side, as markdown. */
function sideBySide(summaries) {
  const endpoints = [...new Set(summaries.flatMap((summary) => summary.rows.map((row) => row.endpoint)))];
  const head = `| endpoint | ${summaries.map((summary) => `${summary.label}: count | p50 | p95 | p99 (ms)`).join(' | ')} |`;
  const rule = `|---|${summaries.map(() => '---:|---:|---:|---:|').join('')}`;
  const lines = endpoints.map((endpoint) => {
    const cells = summaries.map((summary) => {
      const row = summary.rows.find((candidate) => candidate.endpoint === endpoint);
      return row ? `${row.count} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)}` : '- | - | - | -';
    });
    return `| \`${endpoint}\` | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...lines].join('\n');
}

function verdictOf(summary) {
  const misses = [];
  if (summary.serverErrors > 0) misses.push(`${summary.serverErrors} answers 5xx`);
  if (summary.networkErrors > 0) misses.push(`${summary.networkErrors} network errors`);
  if (!(summary.serverGrowth < maxGrowth)) misses.push(`server memory ${percent(summary.serverGrowth)}`);
  return misses.length === 0 ? 'PASS' : `FAIL (${misses.join(', ')})`;
}

function summaryLines(summaries) {
  return summaries.map(
    (summary) =>
      `- ${summary.label}: ${summary.requests} requests (${summary.requestsPerSecond.toFixed(0)}/s), ${summary.serverErrors} 5xx, ${summary.journeys} journeys complete, ${summary.visits} return visits, ` +
      `${summary.failures.length} users stopped by a failure; server RSS ${summary.serverFirst.toFixed(0)} MB in the first ${memoryWindowSeconds} s, ${summary.serverLast.toFixed(0)} MB in the last (${percent(summary.serverGrowth)}, peak ${summary.serverPeak.toFixed(0)} MB; reports ready in those windows: ${summary.reportsFirst} and ${summary.reportsLast}); ` +
      `PostgreSQL PSS ${summary.postgresFirst.toFixed(0)} -> ${summary.postgresLast.toFixed(0)} MB (${percent(summary.postgresGrowth)}); load average after ${summary.load}: ${verdictOf(summary)}. ` +
      `Main threads' V8 heap (summed), first -> last ${memoryWindowSeconds} s: ${heapLine(summary)}; after ${idleSeconds} s without users RSS ${summary.serverIdle.toFixed(0)} MB`,
  );
}

function writeResults(summaries, loadBefore) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = [
    startMarker,
    '## Load (`npm run bench:load`)',
    '',
    `${users} simulated users for ${seconds} s after a ${warmUpSeconds} s warm-up, ${when} UTC, on this 2-core machine shared with other work (load average before ${loadBefore}). Targets: no 5xx, server memory growth under 10 % between the first and the last 30 s. The mix is described at the top of bench/load.mjs.`,
    '',
    ...summaryLines(summaries),
    '',
    sideBySide(summaries),
    endMarker,
  ].join('\n');
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n';
  const start = previous.indexOf(startMarker);
  const end = previous.indexOf(endMarker);
  const next = start >= 0 && end > start ? previous.slice(0, start) + section + previous.slice(end + endMarker.length) : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(resultsFile, next);
}

const loadBefore = loadavg().map((value) => value.toFixed(2)).join(', ');
const summaries = [];
for (const run of runs) summaries.push(await measure(run));
console.log(`\n${sideBySide(summaries)}\n`);
for (const line of summaryLines(summaries)) console.log(line);
// Only a full run (both deployments, the issue's 200 users for 2 minutes) replaces the figures kept.
if (runs.length === 2 && users === 200 && seconds === 120 && warmUpSeconds === 90) {
  writeResults(summaries, loadBefore);
  console.log('written to bench/results.md');
}
process.exit(summaries.every((summary) => verdictOf(summary) === 'PASS') ? 0 : 1);
