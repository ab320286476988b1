import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import type { AuthenticatedSession } from '../../plugins/auth.ts';
import { SessionCache } from './session-cache.ts';
import { progressChangeOf, sessionChangeSubscriber } from './session-changes.ts';

const inAnHour = new Date(Date.now() + 3_600_000);

function sessionOf(userId: string): AuthenticatedSession {
  return { userId, sessionId: `session-of-${userId}`, questionnaire: { unansweredQuestions: 130, envCompleted: false, big5Completed: false, valuesCompleted: false } } as AuthenticatedSession;
}

/** A live cache holding one token of each user, read before any answer, with 130 questions in the banks. */
function cacheWith(...userIds: string[]): SessionCache {
  const cache = new SessionCache({ ttlMs: 60_000, clock: new ManualClock() });
  cache.setLive(true);
  for (const userId of userIds) cache.store(`token-of-${userId}`, sessionOf(userId), inAnHour, cache.ticket(), { activeItems: 130, progress: null });
  return cache;
}

describe('progressChangeOf', () => {
  it('reads the progress trigger’s payload', () => {
    expect(progressChangeOf('{"user_id" : "u1", "answered_items" : 41, "completed" : ["environment"]}')).toEqual({
      userId: 'u1',
      progress: { answeredItems: 41, completed: ['environment'] },
    });
    expect(progressChangeOf('{"user_id" : "u1", "answered_items" : 1, "completed" : null}')).toEqual({ userId: 'u1', progress: { answeredItems: 1, completed: [] } });
  });

  it('refuses anything else', () => {
    expect(progressChangeOf('u1')).toBeUndefined();
    expect(progressChangeOf('{"user_id": "u1"}')).toBeUndefined();
    expect(progressChangeOf('{"user_id": "u1", "answered_items": "41", "completed": []}')).toBeUndefined();
    expect(progressChangeOf('{not json')).toBeUndefined();
  });
});

describe('sessionChangeSubscriber', () => {
  it('evicts the user named by a bare id, and only them', () => {
    const cache = cacheWith('u1', 'u2');
    sessionChangeSubscriber(cache).onChange('u1');
    expect(cache.get('token-of-u1')).toBeUndefined();
    expect(cache.get('token-of-u2')).toBeDefined();
  });

  it("empties the cache on '*' (the banks' size changed)", () => {
    const cache = cacheWith('u1', 'u2');
    sessionChangeSubscriber(cache).onChange('*');
    expect(cache.size).toBe(0);
  });

  it('updates a user’s questionnaire status in place from a progress change', () => {
    const cache = cacheWith('u1', 'u2');
    sessionChangeSubscriber(cache).onChange('{"user_id" : "u1", "answered_items" : 100, "completed" : ["environment", "big5"]}');
    expect(cache.get('token-of-u1')?.questionnaire).toEqual({ unansweredQuestions: 30, envCompleted: true, big5Completed: true, valuesCompleted: false });
    expect(cache.get('token-of-u2')?.questionnaire.unansweredQuestions).toBe(130);
  });

  it('empties the cache when a payload cannot be read, rather than keep what it may have changed', () => {
    const cache = cacheWith('u1', 'u2');
    sessionChangeSubscriber(cache).onChange('{"user_id": 7}');
    expect(cache.size).toBe(0);
  });

  it('turns the cache off and on with the connection', () => {
    const cache = cacheWith('u1');
    const subscriber = sessionChangeSubscriber(cache);
    subscriber.setLive(false);
    expect(cache.live).toBe(false);
    expect(cache.size).toBe(0);
    subscriber.setLive(true);
    expect(cache.live).toBe(true);
  });
});
