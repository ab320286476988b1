import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** One kind of change that an in-memory cache follows through PostgreSQL's LISTEN/NOTIFY. */
export interface ChangeSubscriber {
  channel: string;
  /** A notification on the channel, in commit order. */
  onChange: (payload: string) => void;
  /**
   * True once notifications flow; false when they are lost (the subscriber must then drop what it
   * holds and serve nothing from memory until it is told true again).
   */
  setLive: (live: boolean) => void;
}

export interface ChangeListener {
  stop: () => Promise<void>;
}

const firstRetryMs = 500;
const maxRetryMs = 30_000;

/** The LISTEN connection's application_name, as pg_stat_activity shows it. */
export const changeListenerApplicationName = 'compass-change-listener';

/**
 * Keeps one connection LISTENing on every subscriber's channel, whoever makes the changes (any
 * instance, the admin tool, a job, plain SQL). One connection for all subscribers, because
 * PostgreSQL wakes every listening backend of the database for each notification. Subscribers are
 * live only while this connection is up: on a break they are told false, and the connection is
 * retried with a growing delay.
 */
export function listenForChanges(pool: pg.Pool, subscribers: readonly ChangeSubscriber[], logger: FastifyBaseLogger): ChangeListener {
  const byChannel = new Map(subscribers.map((subscriber) => [subscriber.channel, subscriber]));
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  const setLive = (live: boolean): void => {
    for (const subscriber of subscribers) subscriber.setLive(live);
  };

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({ ...pool.options, application_name: changeListenerApplicationName });
    candidate.on('notification', (message) => {
      if (message.payload) byChannel.get(message.channel)?.onChange(message.payload);
    });
    candidate.on('error', (error) => {
      lose(candidate, error);
    });
    candidate.on('end', () => {
      lose(candidate, undefined);
    });
    client = candidate;
    try {
      await candidate.connect();
      for (const channel of byChannel.keys()) await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(candidate, error);
      return;
    }
    if (stopped || client !== candidate) return;
    retryMs = firstRetryMs;
    setLive(true);
  };

  const lose = (lost: pg.Client, error: unknown): void => {
    if (client !== lost) return;
    client = undefined;
    setLive(false);
    lost.end().catch(() => undefined);
    if (stopped) return;
    logger.warn({ err: error, retryInMs: retryMs }, 'caches off: lost the database notifications');
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  if (subscribers.length > 0) void connect();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      setLive(false);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
