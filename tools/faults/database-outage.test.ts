import { apiPaths, reportApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiUser, csrfHeaders, environmentQuestions, password, type ApiResponse } from './lib/api.ts';
import { postgresRunning, startPostgres, stopPostgres } from './lib/postgres-control.ts';
import { faultServer, sleep, waitFor } from './lib/server.ts';

// Issue 14, "Faults": the database stops for 10 s while requests arrive. Meanwhile /health says 503,
// every request that needs the database fails fast with a 503 in the API's error shape, and the
// server process stays up; once the database runs again it serves as before by itself, job workers
// included, without a restart.

const server = faultServer({ name: 'database', port: 3433, templateDataDir: inject('faultsTemplateDataDir') });
const outageMs = 10_000;
/** "Fail fast": far below the few seconds a user waits before giving up. */
const fastMs = 1_000;

beforeAll(() => server.start());
afterAll(async () => {
  await server.stop();
  // The PostgreSQL this test started again belongs to no server process: stop it too.
  if (postgresRunning(server.dataDir)) await stopPostgres(server.dataDir);
  await server.close();
});

describe('the database stops for 10 s', () => {
  it('answers 503 fast while it is away and serves again by itself once it is back', async () => {
    const user = await ApiUser.signUp(server.baseUrl, 'database-outage');
    await user.saveBirthDetails();
    await user.answerQuestions(environmentQuestions);
    expect((await user.addToBasket('REPORT-ENVIRONMENT')).status).toBe(200);
    const serverPid = server.pid;

    await stopPostgres(server.dataDir);
    const stoppedAt = performance.now();
    const answers: Array<{ call: string; response: ApiResponse }> = [];
    const health: number[] = [];
    while (performance.now() - stoppedAt < outageMs) {
      const calls: Array<[string, () => Promise<ApiResponse>]> = [
        ['GET /api/user', () => user.get(apiPaths.user)],
        ['GET /api/cart', () => user.get(shopApiPaths.cart)],
        ['GET /api/products', () => user.get(shopApiPaths.products)],
        ['GET /api/reports', () => user.get(reportApiPaths.list)],
        ['POST /api/cart/items', () => user.addToBasket('REPORT-BIG5')],
        ['POST /api/login', () => loginAttempt(server.baseUrl, user.email)],
      ];
      for (const [call, send] of calls) answers.push({ call, response: await send() });
      health.push(await server.healthStatus());
      await sleep(200);
    }

    // The first moments may still be answered from a cache or a connection being closed; from the
    // second on, everything that needs the database says it is unavailable.
    expect(health.slice(3).every((status) => status === 503), `GET /health during the outage: ${health.join(' ')}`).toBe(true);
    const settled = answers.slice(answers.length / 10);
    for (const { call, response } of settled) {
      expect({ call, status: response.status, body: response.body }).toEqual({
        call,
        status: 503,
        body: { message: 'The service is temporarily unavailable. Please try again in a few minutes.', code: 'service_unavailable' },
      });
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.ms, `${call} took ${Math.round(response.ms)} ms`).toBeLessThan(fastMs);
    }
    const slowest = Math.max(...settled.map(({ response }) => response.ms));
    console.log(`database stopped ${outageMs / 1000} s: ${answers.length} API calls, the slowest of those after the first second ${Math.round(slowest)} ms`);
    // The process was never restarted and did not crash.
    expect(server.pid).toBe(serverPid);
    expect(process.kill(serverPid, 0)).toBe(true);

    await startPostgres(server.dataDir);
    const backAt = performance.now();
    await waitFor('GET /health to answer 200 again', async () => ((await server.healthStatus()) === 200 ? true : undefined), 15_000);
    const recoveredInMs = performance.now() - backAt;
    console.log(`database started again: /health 200 after ${Math.round(recoveredInMs)} ms, same server process`);
    expect(recoveredInMs).toBeLessThan(5_000);
    expect(server.pid).toBe(serverPid);

    // Everything works again, the background jobs too: a report bought now is generated.
    expect((await user.get(apiPaths.user)).status).toBe(200);
    const checkout = await user.checkout();
    expect(checkout.body.status).toBe('paid');
    await waitFor(
      'the report bought after the outage to be ready',
      async () => {
        const reports = await user.get<{ data: Array<{ type: string; status: string }> }>(reportApiPaths.list);
        return reports.body.data.some((report) => report.type === 'environment' && report.status === 'ready') ? true : undefined;
      },
      30_000,
    );
    expect((await loginAttempt(server.baseUrl, user.email)).status).toBe(200);

    // The log says what happened, without the failed queries or their parameters.
    const lines = server.logLines();
    expect(lines.some((line) => line.msg.startsWith('the embedded PostgreSQL stopped'))).toBe(true);
    const unavailable = lines.filter((line) => line.msg === 'the database (or another service the request needs) cannot be reached; answered 503');
    expect(unavailable.length).toBeGreaterThan(0);
    expect(JSON.stringify(unavailable)).not.toMatch(/select |insert |params/i);
    expect(lines.filter((line) => line.msg === 'unexpected error')).toEqual([]);
  });
});

async function loginAttempt(baseUrl: string, email: string): Promise<ApiResponse> {
  const startedAt = performance.now();
  let csrf: Record<string, string>;
  try {
    csrf = await csrfHeaders(baseUrl);
  } catch {
    // The CSRF cookie itself needs the database (its signing key): that call's answer is the one to check.
    const response = await fetch(`${baseUrl}${apiPaths.csrfCookie}`);
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as unknown, text, headers: response.headers, ms: performance.now() - startedAt };
  }
  const response = await fetch(`${baseUrl}${apiPaths.login}`, { method: 'POST', headers: { ...csrf, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, text, headers: response.headers, ms: performance.now() - startedAt };
}
