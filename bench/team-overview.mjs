// Issue 13, against the built product: the team overview of an organisation with 10,000 members
// who completed every set: p99 under 150 ms. The members and their results are seeded with bulk
// SQL into the server's own embedded database (the API would take hours for 10,000 questionnaires):
// one real respondent answers the whole questionnaire through the API, and each member gets a copy
// of those results with the BIG5 scores, the values' ranks and the culture shares varied, so the
// rows are as large as real ones and the aggregates have something to count. 40 position titles
// (from the wizard's employee list) and memberships started over the last three years.
//
// Measured: GET /api/organisations/{id}/team-overview, unfiltered and with a title and a tenure
// filter, 1 connection (one viewer's page; the target) and 4 connections (several managers at
// once), then the first read after a change, when the sums are computed again.
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchBirthDetails, csrfHeaders, registerBenchUser } from './lib/accounts.mjs';
import { startServer } from './lib/server-process.mjs';

const members = Number(process.env.TEAM_OVERVIEW_MEMBERS ?? 10_000);
const titles = 40;
const targetP99Ms = 150;

async function call(baseUrl, path, headers, init = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers, ...init });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The running server's embedded database: its port from postmaster.pid, its password from DATA_DIR. */
function databaseOf(dataDir) {
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3].trim();
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'app' });
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-team-overview-'));
const server = await startServer({ dataDir, port: 3213, env: { SIGNUP_LIMIT_PER_HOUR: '1000' } });
const db = databaseOf(dataDir);
await db.connect();
try {
  const { baseUrl } = server;
  const owner = await registerBenchUser(baseUrl, 'team-owner');
  const headers = { authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) };

  // The owner answers the whole questionnaire: the template of every member's results.
  await call(baseUrl, '/api/user/birth-details', headers, { method: 'PUT', body: JSON.stringify(benchBirthDetails) });
  let question = await call(baseUrl, '/me/question', headers);
  for (let index = 0; question; index += 1) {
    const choices = question.question.choices;
    question = await call(baseUrl, `/me/question/${encodeURIComponent(question.question.id)}/answer`, headers, {
      method: 'POST',
      body: JSON.stringify({ choice_id: choices[(index * 7 + 3) % choices.length].id }),
    });
  }

  const products = await call(baseUrl, '/api/products', { authorization: headers.authorization });
  const service = products.data.find((product) => product.sku === 'SERVICE-TEAM-PROFILES');
  const organisation = await call(baseUrl, '/api/organisations', headers, {
    method: 'POST',
    body: JSON.stringify({
      creation_key: crypto.randomUUID(),
      type: 'business',
      services: [{ product_id: service.id, quantity: service.minimum_quantity }],
      details: {
        name: 'Bench Team Ltd',
        address: '1 Bench Street, Ghent',
        registration_number: '0123456789',
        vat_code: 'BE0123456789',
        business_description: 'We build benches for parks and gardens, and measure how fast our software answers. '.repeat(5),
        users: [{ position_title: 'Director', full_name: 'Bench Owner', email: owner.email }],
        employees: [1, 2, 3].map((index) => ({ position_title: 'Title 1', name: `Employee ${index}`, email: `employee-${index}@bench.example` })),
      },
      plan: 'monthly',
      billing_details: { name: 'Bench Team Ltd', billing_email: 'billing@bench.example', address_line_1: '1 Bench Street', city: 'Ghent', postal_code: '9000', country: 'BE' },
    }),
  });
  const organisationId = organisation.data.id;

  console.log(`seeding ${members} members who completed every set…`);
  const seedStarted = performance.now();
  await db.query('begin');
  await db.query(
    `insert into users (name, email, email_verified_at) select 'Member ' || i, 'member-' || i || '@bench.example', now() from generate_series(1, $1) as i`,
    [members],
  );
  await db.query(
    `insert into organisation_members (organisation_id, user_id, role, created_at)
     select $1, u.id, 'member', now() - (random() * interval '1100 days') from users u where u.email like 'member-%@bench.example'`,
    [organisationId],
  );
  await db.query(
    `insert into organisation_people (organisation_id, list, position_title, full_name, email)
     select $1, 'employee', 'Title ' || (1 + (hashtext(u.email) & 2147483647) % $2), u.name, u.email from users u where u.email like 'member-%@bench.example'`,
    [organisationId, titles],
  );
  // Each member's copy of the owner's results, varied: BIG5 scores anywhere on 0-100, values ranked
  // in a random order, culture shares shifted (they need not add up to 100 for the load).
  await db.query(
    `insert into assessment_results (user_id, assessment, scores, flags, scoring_version, completed_at, first_completed_at, computed_at)
     select u.id, r.assessment,
       case r.assessment
         when 'big5' then jsonb_set(r.scores, '{traits}', (select jsonb_agg(jsonb_set(t, '{score}', to_jsonb(round((random() * 100)::numeric, 2))) order by o) from jsonb_array_elements(r.scores->'traits') with ordinality as x(t, o)))
         when 'values' then jsonb_set(r.scores, '{top_values}', (select jsonb_agg(jsonb_set(v, '{rank}', to_jsonb(n)) order by n) from (select v, row_number() over (order by random()) as n from jsonb_array_elements(r.scores->'top_values') as y(v)) as ranked))
         else jsonb_set(r.scores, '{culture_mix}', (select jsonb_agg(jsonb_set(c, '{share}', to_jsonb((random() * 60)::int)) order by o) from jsonb_array_elements(r.scores->'culture_mix') with ordinality as z(c, o)))
       end,
       r.flags, r.scoring_version, r.completed_at, r.first_completed_at, r.computed_at
     from users u cross join assessment_results r
     where u.email like 'member-%@bench.example' and r.user_id = $1`,
    [owner.account.id],
  );
  await db.query('commit');
  await db.query('analyze');
  const { rows } = await db.query(`select count(*)::int as results from assessment_results r join organisation_members m on m.user_id = r.user_id where m.organisation_id = $1`, [organisationId]);
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${rows[0].results} results`);

  const auth = { authorization: headers.authorization };
  const check = await call(baseUrl, `/api/organisations/${organisationId}/team-overview`, auth);
  if (check.data.big5.status !== 'shown' || check.data.big5.respondents < members) throw new Error(`the overview shows ${JSON.stringify(check.data.big5).slice(0, 200)}`);

  let pass = true;
  const cases = [
    ['unfiltered', ''],
    ['one title', '?position_title=Title%207'],
    ['title and tenure', '?position_title=Title%207&tenure=1_to_2_years'],
  ];
  for (const [label, query] of cases) {
    for (const connections of [1, 4]) {
      const url = `${baseUrl}/api/organisations/${organisationId}/team-overview${query}`;
      await autocannon({ url, headers: auth, connections, amount: 20 });
      const result = await autocannon({ url, headers: auth, connections, duration: 10 });
      const failures = result.non2xx + result.errors;
      const ok = result.latency.p99 < targetP99Ms && failures === 0;
      if (connections === 1) pass &&= ok;
      console.log(
        `team overview, ${label}, ${members} members, ${connections} connection(s), 10 s: ${result.requests.average.toFixed(1)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx/errors ${failures}` +
          (connections === 1 ? ` (target p99 < ${targetP99Ms} ms): ${ok ? 'PASS' : 'FAIL'}` : ''),
      );
    }
  }
  // A read right after a change (a member's title here): the sums are computed again, once.
  const misses = [];
  for (let round = 0; round < 10; round += 1) {
    await db.query(`update organisation_people set position_title = position_title where organisation_id = $1 and email = 'member-1@bench.example'`, [organisationId]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await call(baseUrl, `/api/organisations/${organisationId}/team-overview`, auth);
    misses.push(performance.now() - started);
  }
  misses.sort((a, b) => a - b);
  console.log(`team overview, first read after a change (sums computed again), 10 rounds: median ${misses[4].toFixed(0)} ms, slowest ${misses[9].toFixed(0)} ms`);
  console.log(`team overview: ${pass ? 'PASS' : 'FAIL'}`);
} finally {
  await db.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
