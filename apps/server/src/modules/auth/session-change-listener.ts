import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionCache } from './session-cache.ts';

/** The channel the session_change triggers (migration session_change_notifications) notify, with the changed user's id as payload. */
export const sessionChangeChannel = 'session_changes';

const firstRetryMs = 500;
const maxRetryMs = 30_000;

export interface SessionChangeListener {
  stop: () => Promise<void>;
}

/**
 * Keeps one connection LISTENing for changes to users, questionnaire_progress and auth_sessions
 * (whoever made them: any instance, the admin tool, a job) and evicts the changed user from the
 * cache. The cache serves entries only while this connection is up: on a break it is emptied and
 * turned off, and the connection is retried with a growing delay.
 */
export function listenForSessionChanges(pool: pg.Pool, cache: SessionCache, logger: FastifyBaseLogger): SessionChangeListener {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({ ...pool.options, application_name: 'compass-session-cache' });
    candidate.on('notification', (message) => {
      if (message.channel !== sessionChangeChannel || !message.payload) return;
      if (message.payload === '*') cache.clear();
      else cache.evictUser(message.payload);
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
      await candidate.query(`LISTEN ${sessionChangeChannel}`);
    } catch (error) {
      lose(candidate, error);
      return;
    }
    if (stopped || client !== candidate) return;
    retryMs = firstRetryMs;
    cache.setLive(true);
  };

  const lose = (lost: pg.Client, error: unknown): void => {
    if (client !== lost) return;
    client = undefined;
    cache.setLive(false);
    lost.end().catch(() => undefined);
    if (stopped) return;
    logger.warn({ err: error, retryInMs: retryMs }, 'session cache off: lost the database notifications');
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  if (cache.enabled) void connect();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      cache.setLive(false);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
