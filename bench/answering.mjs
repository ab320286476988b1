// Issue 4: POST /me/question/{id}/answer against the built product, 50 connections, each one a
// user of its own answering their whole questionnaire (130 questions) once, in sequence order.
// Target: >= 1,500 answers/s, p99 < 50 ms. Afterwards every user must have 0 unanswered questions
// and all three sets scored, so speed never hides a lost answer.
// Each connection first opens the questionnaire as the overlay does (GET /me/question), then
// answers. That first request is not an answer and is left out of the figures: it also opens the
// connection, and the first response of each of 50 connections opened at once waits 20-40 ms for
// the load generator itself (measured against /health, which does no work), not for the product.
// The latencies are the answers' own (from autocannon's response events); the rate is answers
// over the time from the start to the last response: autocannon reports a run given an `amount`
// only at its next one-second tick, so its own duration can be up to a second too long.
// docs/decisions.md ("Answering speed") has the figures measured.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBirthDetails, csrfHeaders, registerBenchUser } from './lib/accounts.mjs';
import { startServer } from './lib/server-process.mjs';

const connections = 50;

/** A signed-up user with birth details saved, and the headers an answering browser sends. */
async function answeringUser(baseUrl, name) {
  const user = await registerBenchUser(baseUrl, name);
  const headers = { authorization: `Bearer ${user.access_token}`, 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) };
  const saved = await fetch(`${baseUrl}/api/user/birth-details`, { method: 'PUT', headers, body: JSON.stringify(benchBirthDetails) });
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
 * One autocannon run in which each connection is a user of its own who opens the questionnaire
 * and answers question after question. autocannon gives every connection amount / connections
 * requests and keeps a connection's context until it has gone through the whole `requests` list.
 * Resolves with the answers' latencies (ms) and the time from the start to the last response.
 */
async function answerRun(baseUrl, users, questions, answersPerUser) {
  let nextUser = 0;
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const userOf = (context) => {
    if (context.user === undefined) {
      context.user = users[nextUser % users.length];
      nextUser += 1;
    }
    return context.user;
  };
  const openQuestionnaire = {
    method: 'GET',
    path: '/me/question',
    setupRequest: (request, context) => ({ ...request, headers: userOf(context).headers }),
  };
  const answers = questions.slice(0, answersPerUser).map((question, position) => ({
    method: 'POST',
    path: `/me/question/${encodeURIComponent(question.id)}/answer`,
    setupRequest: (request, context) => {
      const choiceId = question.choiceIds[position % question.choiceIds.length];
      return { ...request, headers: userOf(context).headers, body: JSON.stringify({ choice_id: choiceId }) };
    },
  }));
  const run = autocannon({ url: baseUrl, connections, amount: connections * (1 + answers.length), requests: [openQuestionnaire, ...answers] });
  const answerLatencies = [];
  let failures = 0;
  const requestsSeen = new Map();
  run.on('response', (client, statusCode, _bytes, responseTime) => {
    lastResponseAt = performance.now();
    const seen = requestsSeen.get(client) ?? 0;
    requestsSeen.set(client, seen + 1);
    if (statusCode < 200 || statusCode > 299) failures += 1;
    if (seen % (1 + answers.length) !== 0) answerLatencies.push(responseTime);
  });
  const result = await run;
  return { answerLatencies, failures: failures + result.errors + result.timeouts, seconds: (lastResponseAt - startedAt) / 1000 };
}

/** The value below which `share` of the sorted values lie. */
function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
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
  await answerRun(server.baseUrl, warmUpUsers, questions, 40);
  const { answerLatencies, failures, seconds } = await answerRun(server.baseUrl, users, questions, questions.length);

  let incomplete = 0;
  for (const user of users) {
    const account = await (await fetch(`${server.baseUrl}/api/user`, { headers: user.headers })).json();
    if (account.unanswered_questions !== 0 || !account.env_completed || !account.big5_completed) incomplete += 1;
  }
  const sorted = answerLatencies.sort((a, b) => a - b);
  const rate = sorted.length / seconds;
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  const pass = rate >= 1500 && p99 < 50 && failures === 0 && incomplete === 0;
  console.log(
    `POST /me/question/{id}/answer, ${connections} users answering ${questions.length} questions each (${sorted.length} answers in ${seconds.toFixed(1)} s): ` +
      `${rate.toFixed(0)} answers/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, non-2xx/errors ${failures}, users left incomplete ${incomplete} ` +
      `(target >= 1500 answers/s, p99 < 50 ms): ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
