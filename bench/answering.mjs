// Issue 4: POST /me/question/{id}/answer against the built product, 50 connections, each one a
// user of its own answering their whole questionnaire (130 questions) once, in sequence order.
// Target: >= 1,500 answers/s, p99 < 50 ms. Afterwards every user must have 0 unanswered questions
// and all three sets scored, so speed never hides a lost answer.
// The rate is answers over the time from the start to the last response: autocannon reports a run
// given an `amount` only at its next one-second tick, so its own duration can be up to a second
// too long (6,500 answers in "7.0 s" were 6.1 s of answering). docs/decisions.md ("Answering speed")
// has the figures measured.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csrfHeaders, registerBenchUser } from './lib/accounts.mjs';
import { startServer } from './lib/server-process.mjs';

const connections = 50;
const birthDetails = {
  birth_date: '1991-08-24',
  birth_time: '18:10:00',
  birth_city: 'Ghent',
  birth_country: 'Belgium',
  country_code: 'BE',
  latitude: 51.05,
  longitude: 3.71667,
  timezone: 'Europe/Brussels',
};

/** A signed-up user with birth details saved, and the headers an answering browser sends. */
async function answeringUser(baseUrl, name) {
  const user = await registerBenchUser(baseUrl, name);
  const headers = { authorization: `Bearer ${user.access_token}`, 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) };
  const saved = await fetch(`${baseUrl}/api/user/birth-details`, { method: 'PUT', headers, body: JSON.stringify(birthDetails) });
  if (saved.status !== 200) throw new Error(`saving birth details answered ${saved.status}: ${await saved.text()}`);
  return { headers };
}

/** The whole sequence with its choice ids, read once by walking `next` from the first question. */
async function questionSequence(baseUrl, user) {
  const questions = [];
  let response = await fetch(`${baseUrl}/me/question`, { headers: user.headers });
  while (response.status === 200) {
    const body = await response.json();
    questions.push({ id: body.question.id, choiceIds: body.question.choices.map((choice) => choice.id) });
    if (body.next === null) break;
    response = await fetch(`${baseUrl}/me/question?id=${encodeURIComponent(body.next)}`, { headers: user.headers });
  }
  if (questions.length === 0) throw new Error(`GET /me/question answered ${response.status}`);
  return questions;
}

/**
 * One autocannon run in which each connection answers as a user of its own, question after
 * question. autocannon gives every connection amount / connections requests and keeps a
 * connection's context until it has gone through the whole `requests` list, one per question.
 */
async function answerRun(baseUrl, users, questions, amount) {
  let nextUser = 0;
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const run = autocannon({
    url: baseUrl,
    connections,
    amount,
    requests: questions.map((question, position) => ({
      method: 'POST',
      path: `/me/question/${encodeURIComponent(question.id)}/answer`,
      setupRequest: (request, context) => {
        if (context.user === undefined) {
          context.user = users[nextUser % users.length];
          nextUser += 1;
        }
        const choiceId = question.choiceIds[position % question.choiceIds.length];
        return { ...request, headers: context.user.headers, body: JSON.stringify({ choice_id: choiceId }) };
      },
    })),
  });
  run.on('response', () => {
    lastResponseAt = performance.now();
  });
  const result = await run;
  return { result, seconds: (lastResponseAt - startedAt) / 1000 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-answering-'));
// 100 sign-ups from one address: the per-IP sign-up limit is raised for the bench.
const server = await startServer({ dataDir, port: 3206, env: { SIGNUP_LIMIT_PER_HOUR: '1000', PAYMENT_PROVIDER: 'test' } });
try {
  const warmUpUsers = [];
  const users = [];
  for (let index = 0; index < connections; index += 1) warmUpUsers.push(await answeringUser(server.baseUrl, `answering-warm-${index}`));
  for (let index = 0; index < connections; index += 1) users.push(await answeringUser(server.baseUrl, `answering-${index}`));
  const questions = await questionSequence(server.baseUrl, users[0]);

  // Warm-up (JIT, pool, prepared statements): other users answer the first 40 questions.
  await answerRun(server.baseUrl, warmUpUsers, questions, connections * 40);
  const total = connections * questions.length;
  const { result, seconds } = await answerRun(server.baseUrl, users, questions, total);

  let incomplete = 0;
  for (const user of users) {
    const account = await (await fetch(`${server.baseUrl}/api/user`, { headers: user.headers })).json();
    if (account.unanswered_questions !== 0 || !account.env_completed || !account.big5_completed) incomplete += 1;
  }
  const rate = result.requests.total / seconds;
  const p99 = result.latency.p99;
  const failures = result.non2xx + result.errors;
  const pass = rate >= 1500 && p99 < 50 && failures === 0 && incomplete === 0;
  console.log(
    `POST /me/question/{id}/answer, ${connections} users answering ${questions.length} questions each (${result.requests.total} answers in ${seconds.toFixed(1)} s): ` +
      `${rate.toFixed(0)} answers/s, p50 ${result.latency.p50} ms, p99 ${p99} ms, non-2xx/errors ${failures}, users left incomplete ${incomplete} ` +
      `(target >= 1500 answers/s, p99 < 50 ms): ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
