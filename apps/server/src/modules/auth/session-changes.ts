import type { CacheSources, ChangeSubscriber } from '../../db/change-listener.ts';
import type { QuestionnaireProgress } from '../questionnaire/public.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * The channel of the session_change triggers (migrations session_change_notifications and
 * progress_change_notifications). Payloads:
 *  - a user's id: their row or logins changed (or their progress row was deleted): evict them;
 *  - `*`: the question banks' size changed, which moves everyone's unanswered count: drop all;
 *  - `{"user_id", "answered_items", "completed"}`: their questionnaire progress is now this.
 */
export const sessionChangeChannel = 'session_changes';

/** What the auth guard's look-up (session-service.ts, authenticateAccessToken) reads. */
export const sessionCacheSources: CacheSources = {
  channel: sessionChangeChannel,
  watched: ['users', 'auth_sessions', 'questionnaire_progress', 'questionnaire_totals'],
  unwatched: {
    access_tokens: 'keyed by the token, which is inserted once, never updated, and deleted when expired or with its revoked login (auth_sessions)',
  },
};

interface ProgressPayload {
  user_id: string;
  answered_items: number;
  completed: string[] | null;
}

function isProgressPayload(value: unknown): value is ProgressPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { user_id: userId, answered_items: answeredItems, completed } = value as Record<string, unknown>;
  return (
    typeof userId === 'string' &&
    typeof answeredItems === 'number' &&
    (completed === null || (Array.isArray(completed) && completed.every((set) => typeof set === 'string')))
  );
}

/** Reads a progress payload; undefined for anything else. */
export function progressChangeOf(payload: string): { userId: string; progress: QuestionnaireProgress } | undefined {
  if (!payload.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!isProgressPayload(parsed)) return undefined;
  return { userId: parsed.user_id, progress: { answeredItems: parsed.answered_items, completed: parsed.completed ?? [] } };
}

/** Keeps the session cache in step with the database: evicts, drops all, or updates progress in place. */
export function sessionChangeSubscriber(cache: SessionCache): ChangeSubscriber {
  return {
    channel: sessionChangeChannel,
    setLive: (live) => cache.setLive(live),
    onChange: (payload) => {
      if (payload === '*') return cache.clear();
      if (!payload.startsWith('{')) return cache.evictUser(payload);
      const change = progressChangeOf(payload);
      // A payload we cannot read must not leave a stale entry behind.
      if (!change) return cache.clear();
      cache.applyProgress(change.userId, change.progress);
    },
  };
}
