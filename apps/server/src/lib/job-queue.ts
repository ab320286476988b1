import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';

/** How a queue retries and how long a job may run. */
export interface QueuePolicy {
  /** Retries after the first attempt fails (0: never retried). */
  retryLimit?: number;
  /** Seconds before the first retry. */
  retryDelaySeconds?: number;
  /** Doubles the delay at every retry, with jitter. */
  retryBackoff?: boolean;
  /** A job still running after this long counts as failed (and is retried). */
  expireInSeconds?: number;
  /** How often an idle worker looks for jobs sent by other instances, or due for retry. */
  pollingIntervalSeconds?: number;
  /** Jobs fetched at once and run concurrently; each succeeds or fails on its own. */
  batchSize?: number;
  /**
   * 'short': at most one job per singleton key waiting to start, so a job sent again for the same
   * thing before the first started is dropped (see `sendOnce`). Not 'stately': its unique index on
   * running jobs makes pg-boss 10's fetch fail for the whole queue while a job of the same key runs.
   */
  policy?: 'standard' | 'short';
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Retries the queue allows: the attempt with retryCount === retryLimit is the last. */
  retryLimit: number;
}

/** An open transaction that runs SQL: a Drizzle transaction (`db.transaction(async (tx) => ...)`). */
export interface SqlTransaction {
  execute(query: SQL): Promise<{ rows: unknown[] }>;
}

export interface SendOptions {
  /**
   * Queues the job in this transaction: it exists if and only if the transaction commits, so a job
   * caused by a change (an e-mail about a paid order) is never lost nor sent for a change undone.
   */
  transaction?: SqlTransaction;
}

/**
 * pg-boss's statements run through a Drizzle transaction. pg-boss numbers its parameters and may
 * use one twice ($5 in its insert); Drizzle numbers them in order of appearance, so every
 * reference becomes a parameter of its own with the same value.
 */
function transactionExecutor(transaction: SqlTransaction): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const pieces = text.split(/\$(\d+)/);
      const query = sql.join(pieces.map((piece, index) => (index % 2 === 0 ? sql.raw(piece) : sql.param(values[Number(piece) - 1]))));
      const { rows } = await transaction.execute(query);
      return { rows };
    },
  };
}

/** Throwing fails the attempt; the queue retries it while its policy allows. */
export type JobHandler<Data> = (data: Data, job: JobContext) => Promise<void>;

export interface JobQueueOptions {
  /** The application's pool: jobs live in the same database, in their own schema. */
  pool: pg.Pool;
  logger: Logger;
  /** How long `stop()` waits for running jobs; one still running then expires and is retried later. */
  stopTimeoutMs?: number;
}

interface Definition {
  name: string;
  policy: QueuePolicy;
  handler: JobHandler<object>;
}

const schema = 'pgboss';

/**
 * Background jobs in PostgreSQL (pg-boss, schema `pgboss`), shared by every server instance: a job
 * sent by one instance may run on any other. Queues are defined before `start()`; `send()` works
 * once the schema exists, which `start()` ensures.
 *
 * pg-boss stores, schedules, retries and expires the jobs; the workers are ours (QueueWorker):
 * pg-boss 10's own `work()` completes a whole batch without waiting, which races with a failed
 * job of that batch being fetched again, and it waits a full polling interval after every batch.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly logger: Logger;
  private readonly stopTimeoutMs: number;
  private readonly definitions = new Map<string, Definition>();
  private readonly schedules = new Map<string, string>();
  private readonly runAtStart = new Set<string>();
  private readonly workers = new Map<string, QueueWorker>();
  private started = false;
  /** Set when stop() returns: from then on nothing of pg-boss may touch the pool (its owner ends it). */
  private detached = false;
  private readonly queriesInFlight = new Set<Promise<unknown>>();

  constructor({ pool, logger, stopTimeoutMs = 10_000 }: JobQueueOptions) {
    this.logger = logger;
    this.stopTimeoutMs = stopTimeoutMs;
    this.boss = new PgBoss({
      // Our pool rather than one of pg-boss's own: one set of connections and settings to tune.
      db: { executeSql: (text, values) => this.executeSql(pool, text, values) },
      schema,
      // Archive finished jobs after a day and delete them a week later.
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
  }

  /** Declares a queue and the handler this instance runs for it. Call before `start()`. */
  define<Data extends object>(name: string, policy: QueuePolicy, handler: JobHandler<Data>): void {
    if (this.started) throw new Error(`job queue ${name} defined after start`);
    if (this.definitions.has(name)) throw new Error(`job queue ${name} defined twice`);
    this.definitions.set(name, { name, policy, handler: handler as JobHandler<object> });
  }

  /**
   * Runs a defined queue's job on a cron schedule (UTC), once across all instances; with
   * `alsoAtStart`, this instance also queues one as soon as it has started (a sweep that should not
   * wait for its first minute after a restart).
   */
  schedule(name: string, cron: string, options: { alsoAtStart?: boolean } = {}): void {
    if (this.started) throw new Error(`job schedule ${name} added after start`);
    this.schedules.set(name, cron);
    if (options.alsoAtStart) this.runAtStart.add(name);
  }

  /** Installs or migrates the schema, creates the queues, starts the workers and schedules. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const { name, policy } of this.definitions.values()) {
      const options = {
        name,
        retryLimit: policy.retryLimit ?? 0,
        retryDelay: policy.retryDelaySeconds ?? 0,
        retryBackoff: policy.retryBackoff ?? false,
        expireInSeconds: policy.expireInSeconds ?? 15 * 60,
        policy: policy.policy ?? 'standard',
      };
      await this.boss.createQueue(name, options);
      // pg-boss leaves an existing queue as its first start made it: without this, a setting changed
      // since (REPORT_RETRIES, a timeout, a policy changed by an upgrade) never applied (issue 14).
      await this.boss.updateQueue(name, options);
    }
    for (const definition of this.definitions.values()) {
      const worker = new QueueWorker(this.boss, definition, this.logger.child({ queue: definition.name }));
      this.workers.set(definition.name, worker);
      worker.start();
    }
    for (const [name, cron] of this.schedules) await this.boss.schedule(name, cron);
    this.started = true;
    for (const name of this.runAtStart) await this.send(name, {});
  }

  /** Queues a job; returns its id. The queue's policy decides retries. */
  async send<Data extends object>(name: string, data: Data, options: SendOptions = {}): Promise<string> {
    if (!this.definitions.has(name)) throw new Error(`job queue ${name} is not defined`);
    if (this.detached) throw new Error(`job queue ${name} is stopped`);
    const id = await this.boss.send(name, data, options.transaction ? { db: transactionExecutor(options.transaction) } : {});
    if (!id) throw new Error(`job queue ${name} refused the job`);
    // Sent here, run here at once, instead of at the worker's next poll. (A job sent in a
    // transaction is seen once it commits: the worker's next poll runs it.)
    if (!options.transaction) this.workers.get(name)?.wake();
    return id;
  }

  /**
   * Queues a job unless one with the same key is already waiting to start in a 'short' queue;
   * returns its id, or null when it was dropped as a duplicate.
   */
  async sendOnce<Data extends object>(name: string, data: Data, singletonKey: string): Promise<string | null> {
    if (this.definitions.get(name)?.policy.policy !== 'short') throw new Error(`job queue ${name} has no 'short' policy`);
    if (this.detached) throw new Error(`job queue ${name} is stopped`);
    const id = await this.boss.send(name, data, { singletonKey });
    if (id) this.workers.get(name)?.wake();
    return id;
  }

  /**
   * Stops fetching and waits for the running jobs (up to stopTimeoutMs). A job still running then
   * stays active until it expires, and is retried by this or another instance. The pool stays open.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const workers = [...this.workers.values()];
    this.workers.clear();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), this.stopTimeoutMs)));
    const outcome = await Promise.race([Promise.all(workers.map((worker) => worker.stop())), timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') this.logger.warn('jobs still running at shutdown; they will be retried once they expire');
    await this.boss.stop({ graceful: false, wait: true, close: false });
    this.detached = true;
    await Promise.allSettled([...this.queriesInFlight]);
  }

  private executeSql(pool: pg.Pool, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    if (this.detached) return Promise.resolve({ rows: [] });
    const query = pool.query(text, values);
    this.queriesInFlight.add(query);
    void query.finally(() => this.queriesInFlight.delete(query)).catch(() => undefined);
    return query;
  }
}

/**
 * One queue's worker on this instance: fetches a batch, runs its jobs concurrently, then completes
 * the ones that succeeded and fails the others (each retried by the queue's policy), all awaited.
 * It fetches again at once after a full batch, else sleeps until the polling interval or a wake-up.
 */
class QueueWorker {
  private stopping = false;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly definition: Definition,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleeper?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const batchSize = this.definition.policy.batchSize ?? 1;
    const pollingMs = (this.definition.policy.pollingIntervalSeconds ?? 2) * 1000;
    while (!this.stopping) {
      this.woken = false;
      let fetched = 0;
      try {
        const jobs = await this.boss.fetch<object>(this.definition.name, { batchSize, includeMetadata: true });
        fetched = jobs.length;
        if (fetched > 0) await this.runBatch(jobs);
      } catch (error) {
        // The database is unreachable, most likely: try again after the interval.
        this.logger.error({ err: error }, 'the job worker could not fetch or settle jobs');
      }
      if (fetched < batchSize && !this.woken && !this.stopping) await this.sleep(pollingMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }

  private async runBatch(jobs: PgBoss.JobWithMetadata<object>[]): Promise<void> {
    const { name, handler } = this.definition;
    const outcomes = await Promise.allSettled(jobs.map((job) => handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit })));
    const succeeded = jobs.filter((_job, index) => outcomes[index]?.status === 'fulfilled').map((job) => job.id);
    if (succeeded.length > 0) await this.boss.complete(name, succeeded);
    for (const [index, outcome] of outcomes.entries()) {
      const job = jobs[index];
      if (outcome.status === 'fulfilled' || !job) continue;
      const error: unknown = outcome.reason;
      const willRetry = job.retryCount < job.retryLimit;
      this.logger[willRetry ? 'warn' : 'error'](
        { err: error, job: { id: job.id, retryCount: job.retryCount } },
        willRetry ? 'job failed; it will be retried' : 'job failed for good',
      );
      await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
    }
  }
}
