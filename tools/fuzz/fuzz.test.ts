import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerProblem, type CheckContext } from './answer-checks.ts';
import { send, type Answer, type Session } from './http-client.ts';
import { consistencyProblems } from './invariants.ts';
import { operationName, readOperations, type JsonSchema, type Operation } from './openapi.ts';
import { Random, requestSeed } from './random.ts';
import { generateRequest, mutations, type FuzzRequest, type Identity } from './requests.ts';
import { startFuzzServer, type FuzzServer } from './server-process.ts';
import { buildWorld, registerFuzzUser, type FuzzWorld } from './world.ts';

// Issue 14, "Bad input": every operation of the OpenAPI document the server serves, called with
// requests generated from its schemas (valid ones first, then mutated), signed in and anonymous,
// over real HTTP against the built server. Bounded for CI (FUZZ_REQUESTS, default below); a
// failure prints the seed and the request's index, which FUZZ_SEED and FUZZ_ONLY replay.

const settings = {
  seed: Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31)),
  requests: Number(process.env.FUZZ_REQUESTS ?? 4000),
  only: process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY),
  port: Number(process.env.FUZZ_PORT ?? 3420),
  slowMs: Number(process.env.FUZZ_SLOW_MS ?? 2000),
  concurrency: Number(process.env.FUZZ_CONCURRENCY ?? 3),
};

/**
 * These end or change the caller's login (logout, account deletion, a new password): sent as a
 * disposable account of their own, replaced after each success, so that the fuzz user keeps theirs.
 */
const sessionEnding = new Set(['POST /api/logout', 'DELETE /api/user', 'PUT /api/user/password', 'POST /api/auth/refresh-token']);

interface Failure {
  index: number;
  identity: Identity | 'disposable';
  operation: string;
  problem: string;
  request: FuzzRequest;
  answer: Answer;
}

let server: FuzzServer;
let world: FuzzWorld;
let operations: Operation[];
let resolve: (schema: JsonSchema) => JsonSchema;
let anonymous: Session;
const failures: Failure[] = [];
const counts = new Map<string, number>();

beforeAll(async () => {
  server = await startFuzzServer(settings.port);
  ({ operations, resolve } = await readOperations(server.baseUrl));
  operations.sort((a, b) => operationName(a).localeCompare(operationName(b)));
  const random = new Random(settings.seed);
  world = await buildWorld(server.baseUrl, random);
  anonymous = { ...world.session, accessToken: undefined };
  console.log(`fuzz: seed ${settings.seed}, ${operations.length} operations, server healthy after ${Math.round(server.startedInMs)} ms`);
});

afterAll(async () => {
  await server?.stop();
});

function describeFailure(failure: Failure): string {
  const { request, answer } = failure;
  const body = request.body === undefined ? '' : `\n    body (${request.body.length} chars, ${request.contentType}): ${JSON.stringify(request.body.slice(0, 400))}`;
  return [
    `#${failure.index} ${failure.operation} as ${failure.identity} (${request.mutation}): ${failure.problem}`,
    `    ${request.method} ${request.url.length > 300 ? `${request.url.slice(0, 300)}… (${request.url.length} chars)` : request.url}${body}`,
    `    -> ${answer.status} in ${Math.round(answer.durationMs)} ms: ${answer.body.slice(0, 300)}`,
    `    replay: FUZZ_SEED=${settings.seed} FUZZ_ONLY=${failure.index} npm run test:fuzz`,
  ].join('\n');
}

/** The request of index `index` (negative: the valid phase), deterministic given the seed. */
function planned(index: number): { operation: Operation; identity: Identity; request: FuzzRequest } {
  const random = new Random(requestSeed(settings.seed, index));
  const validPhase = index < 0;
  // The valid phase: each operation once signed in and once anonymous; then mutations, round robin.
  const slot = validPhase ? -index - 1 : index;
  const operation = operations[validPhase ? Math.floor(slot / 2) : slot % operations.length]!;
  const identity: Identity = validPhase ? (slot % 2 === 0 ? 'user' : 'anonymous') : random.chance(0.8) ? 'user' : 'anonymous';
  const mutation = validPhase ? 'valid' : random.pick(mutations.filter((candidate) => candidate !== 'valid'));
  return { operation, identity, request: generateRequest({ random, resolve, known: world.known }, operation, mutation) };
}

let disposable: Session | undefined;

async function run(index: number): Promise<void> {
  const { operation, identity, request } = planned(index);
  const name = operationName(operation);
  const ending = sessionEnding.has(name) && identity === 'user';
  if (ending) disposable ??= (await registerFuzzUser(server.baseUrl, new Random(requestSeed(settings.seed, index) ^ 0x5bd1e995), `disposable${index}`)).session;
  const session = identity === 'anonymous' ? anonymous : ending ? disposable : world.session;
  const clientAddress = new Random(requestSeed(settings.seed, index) ^ 0x27d4eb2f).clientAddress();
  const context: CheckContext = { operation: name, slowMs: settings.slowMs };
  const sendIt = () => send(server.baseUrl, { method: request.method, url: request.url, body: request.body, contentType: request.contentType, session, clientAddress });
  let answer: Answer;
  try {
    answer = await sendIt();
  } catch {
    // A broken connection is tried once more on a new one; twice is a finding.
    answer = await sendIt().catch((error: unknown) => ({ status: 0, headers: {}, body: `no answer: ${(error as Error).message}`, durationMs: NaN }));
  }
  counts.set(String(answer.status), (counts.get(String(answer.status)) ?? 0) + 1);
  if (ending && answer.status >= 200 && answer.status < 300) disposable = undefined;
  let problem = answer.status === 0 ? answer.body : answerProblem(request, answer, context);
  // A slow answer on a loaded machine is timed again: a catastrophic pattern is slow every time. A
  // session-ending call goes again as a new disposable account (the first may have ended its login).
  if (problem?.startsWith('slow')) {
    const retimed = ending ? (await registerFuzzUser(server.baseUrl, new Random(requestSeed(settings.seed, index) ^ 0x68e31da4), `retimed${index}`)).session : session;
    const again = await send(server.baseUrl, { method: request.method, url: request.url, body: request.body, contentType: request.contentType, session: retimed, clientAddress });
    problem = again.durationMs > settings.slowMs ? `slow twice: ${Math.round(answer.durationMs)} ms, then ${Math.round(again.durationMs)} ms` : undefined;
  }
  if (problem) failures.push({ index, identity: ending ? 'disposable' : identity, operation: name, problem, request, answer });
}

async function runAll(indexes: number[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < indexes.length) {
      const index = indexes[next++]!;
      await run(index);
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
}

describe('the API under generated and mutated requests', () => {
  it('answers every request with a fitting status, no internal detail and in time, and keeps the data consistent', async () => {
    const started = performance.now();
    if (settings.only !== undefined) {
      await run(settings.only);
    } else {
      // Valid first (each operation signed in and anonymous), then the mutations.
      await runAll(Array.from({ length: operations.length * 2 }, (_, slot) => -slot - 1));
      await runAll(Array.from({ length: settings.requests }, (_, index) => index));
    }
    const problems = await consistencyProblems(server.baseUrl, world);
    // Issue 14's known bug, fixed: with the test provider the Stripe webhook is no route at all (404), whatever is sent.
    for (const body of ['{"type":"payment_intent.succeeded","data":{"object":{}}}', '{', '']) {
      const answer = await send(server.baseUrl, { method: 'POST', url: '/api/webhooks/stripe', body, contentType: 'application/json' });
      if (answer.status !== 404) problems.push(`POST /api/webhooks/stripe with ${JSON.stringify(body)} answered ${answer.status}, not 404, while the test provider is in use`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const total = settings.only === undefined ? operations.length * 2 + settings.requests : 1;
    console.log(`fuzz: ${total} requests in ${seconds} s (seed ${settings.seed}); statuses ${JSON.stringify(Object.fromEntries([...counts].sort()))}`);
    const report = [
      ...failures.sort((a, b) => a.index - b.index).map(describeFailure),
      ...problems.map((problem) => `consistency after the run: ${problem}`),
    ];
    if (report.length > 0) {
      const serverErrors = server.errorLines().slice(-20);
      console.log(`${report.join('\n')}\n\nserver errors (last ${serverErrors.length}):\n${serverErrors.join('\n')}`);
    }
    expect(report, `seed ${settings.seed}: ${failures.length} failing requests, ${problems.length} consistency problems`).toEqual([]);
  });
});
