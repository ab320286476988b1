import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { JobQueue } from './job-queue.ts';

const silent = pino({ level: 'silent' });

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const startedAt = performance.now();
  while (!(await condition())) {
    if (performance.now() - startedAt > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the job queue (pg-boss)', () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
  });
  afterAll(() => t.close());

  function newQueue(): JobQueue {
    const queue = new JobQueue({ pool: t.pool, logger: silent, stopTimeoutMs: 5_000 });
    queues.push(queue);
    return queue;
  }

  async function jobState(id: string): Promise<{ state: string; retry_count: number } | undefined> {
    const { rows } = await t.pool.query<{ state: string; retry_count: number }>('SELECT state, retry_count FROM pgboss.job WHERE id = $1', [id]);
    return rows[0];
  }

  it("applies a queue's retries and timeout as this start defines them, not as an earlier start created the queue", async () => {
    const first = newQueue();
    first.define('test.settings', { retryLimit: 4, retryDelaySeconds: 5, expireInSeconds: 120 }, async () => undefined);
    await first.start();
    await first.stop();
    // The operator lowers REPORT_RETRIES and the timeout, and starts the server again.
    const second = newQueue();
    second.define('test.settings', { retryLimit: 1, retryDelaySeconds: 2, expireInSeconds: 30 }, async () => undefined);
    await second.start();
    const { rows } = await t.pool.query('SELECT retry_limit, retry_delay, expire_seconds FROM pgboss.queue WHERE name = $1', ['test.settings']);
    expect(rows).toEqual([{ retry_limit: 1, retry_delay: 2, expire_seconds: 30 }]);
  });

  it('runs a job sent on this instance at once, without waiting for the next poll', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    queue.define<{ n: number }>('test.prompt', { pollingIntervalSeconds: 30 }, async (data) => void seen.push(data));
    await queue.start();
    // The worker's first poll happens at start; the job arrives after it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedAt = performance.now();
    await queue.send('test.prompt', { n: 1 });
    await until(() => seen.length === 1);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('runs a scheduled job once at start when asked to, without waiting for its cron minute', async () => {
    const queue = newQueue();
    let runs = 0;
    queue.define('test.sweep', { pollingIntervalSeconds: 30 }, async () => void (runs += 1));
    // Once a year: only the start-up run can happen within this test.
    queue.schedule('test.sweep', '0 0 1 1 *', { alsoAtStart: true });
    await queue.start();
    await until(() => runs === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(1);
  });

  it('runs a job that another instance sent', async () => {
    const worker = newQueue();
    const seen: unknown[] = [];
    worker.define<{ from: string }>('test.shared', { pollingIntervalSeconds: 0.5 }, async (data) => void seen.push(data));
    await worker.start();
    // Another instance that sends but runs no workers: the job waits in the shared table.
    const sender = newQueue();
    sender.define('test.shared', {}, async () => undefined);
    await sender.send('test.shared', { from: 'the other instance' });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ from: 'the other instance' }]);
  });

  it('retries a failing job by its policy until it succeeds', async () => {
    const queue = newQueue();
    const attempts: number[] = [];
    queue.define('test.flaky', { retryLimit: 5, retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 }, async (_data, job) => {
      attempts.push(job.retryCount);
      if (attempts.length < 3) throw new Error('the relay is down');
    });
    await queue.start();
    const id = await queue.send('test.flaky', {});
    await until(async () => (await jobState(id))?.state === 'completed');
    expect(attempts).toEqual([0, 1, 2]);
  });

  it('gives up after the retry limit and leaves the job failed', async () => {
    const queue = newQueue();
    let attempts = 0;
    queue.define('test.broken', { retryLimit: 2, retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 }, async () => {
      attempts += 1;
      throw new Error('never works');
    });
    await queue.start();
    const id = await queue.send('test.broken', {});
    await until(async () => (await jobState(id))?.state === 'failed');
    expect(attempts).toBe(3);
    expect(await jobState(id)).toEqual({ state: 'failed', retry_count: 2 });
  });

  it('fails only the failing job of a batch; the others complete once', async () => {
    const policy = { retryLimit: 3, retryDelaySeconds: 0, pollingIntervalSeconds: 0.5, batchSize: 10 };
    const runs = new Map<string, number>();
    const worker = newQueue();
    worker.define<{ name: string }>('test.batch', policy, async ({ name }) => {
      runs.set(name, (runs.get(name) ?? 0) + 1);
      if (name === 'bad' && runs.get(name) === 1) throw new Error('first try fails');
    });
    await worker.start();
    // Queued together by another instance, so that the worker's next poll takes all three.
    const sender = newQueue();
    sender.define('test.batch', policy, async () => undefined);
    const ids = await Promise.all(['good-1', 'bad', 'good-2'].map((name) => sender.send('test.batch', { name })));
    await until(async () => (await Promise.all(ids.map(jobState))).every((job) => job?.state === 'completed'));
    expect(Object.fromEntries(runs)).toEqual({ 'good-1': 1, bad: 2, 'good-2': 1 });
  });

  it('waits for a running job when stopping', async () => {
    const queue = newQueue();
    let finished = false;
    let started = false;
    queue.define('test.slow', { pollingIntervalSeconds: 0.5 }, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await queue.start();
    const id = await queue.send('test.slow', {});
    await until(() => started);
    await queue.stop();
    expect(finished).toBe(true);
    expect((await jobState(id))?.state).toBe('completed');
  });
});
