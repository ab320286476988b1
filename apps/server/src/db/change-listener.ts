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

/**
 * What a cache's reads depend on, declared next to the cache so that a new join cannot serve
 * stale data unnoticed: each cache's test file (test/cache-sources.ts, describeCacheSources)
 * EXPLAINs every statement the cached read runs and expects exactly these tables, and expects the
 * `watched` ones (and no others) to have a trigger that notifies on `channel`.
 */
export interface CacheSources {
  /** The channel the tables' triggers notify on. */
  channel: string;
  /** The tables whose changes the triggers announce. */
  watched: readonly string[];
  /** The tables the read also reads without a trigger, each with the reason none is needed. */
  unwatched: Readonly<Record<string, string>>;
}

export interface ListenOptions {
  /** Holds each notification this long before the subscribers get it (tests: a slow network); default 0. */
  deliveryDelayMs?: number;
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
 * PostgreSQL wakes every listening backend of the database for each notification; several
 * subscribers may follow the same channel, and each gets every notification. Subscribers are
 * live only while this connection is up: on a break they are told false, and the connection is
 * retried with a growing delay.
 */
export function listenForChanges(pool: pg.Pool, subscribers: readonly ChangeSubscriber[], logger: FastifyBaseLogger, options: ListenOptions = {}): ChangeListener {
  const byChannel = subscribersByChannel(subscribers);
  const deliveryDelayMs = options.deliveryDelayMs ?? 0;
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  const setLive = (live: boolean): void => {
    for (const subscriber of subscribers) subscriber.setLive(live);
  };

  const deliver = (channel: string, payload: string): void => {
    for (const subscriber of byChannel.get(channel) ?? []) {
      try {
        subscriber.onChange(payload);
      } catch (error) {
        // A change it could not apply must not leave it serving what the change made stale, nor
        // keep the channel's other subscribers from theirs: to it, the notifications were lost
        // and are back (a cache drops all it holds).
        logger.error({ err: error, channel }, 'a change notification could not be applied; its subscriber starts over');
        subscriber.setLive(false);
        subscriber.setLive(true);
      }
    }
  };

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({ ...pool.options, application_name: changeListenerApplicationName });
    candidate.on('notification', ({ channel, payload }) => {
      if (!payload) return;
      // Timers of the same delay fire in the order they were set: notifications keep their order.
      if (deliveryDelayMs > 0) setTimeout(() => deliver(channel, payload), deliveryDelayMs);
      else deliver(channel, payload);
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

function subscribersByChannel(subscribers: readonly ChangeSubscriber[]): Map<string, ChangeSubscriber[]> {
  const byChannel = new Map<string, ChangeSubscriber[]>();
  for (const subscriber of subscribers) {
    const ofChannel = byChannel.get(subscriber.channel);
    if (ofChannel) ofChannel.push(subscriber);
    else byChannel.set(subscriber.channel, [subscriber]);
  }
  return byChannel;
}
