import type { Clock } from '../../lib/clock.ts';
import { UserKeyedCache, type LookupTicket } from '../../lib/user-keyed-cache.ts';
import type { AuthenticatedSession } from '../../plugins/auth.ts';
import { questionnaireStatusFrom, type QuestionnaireProgress } from '../questionnaire/public.ts';

// The auth guard's look-up (token -> login -> account -> questionnaire progress) is the one query
// every private request makes. This cache answers repeated requests with the same access token
// from memory (bench/current-user), under three guards:
//  - it is live only while its invalidation is: every change to a user's row, questionnaire
//    progress or logins is announced by PostgreSQL triggers (session-changes.ts) and evicts
//    that user's entries on every instance (a progress change carries the new counters, and the
//    entries are brought up to date in place instead); while the listener is not connected
//    nothing is cached;
//  - the instance that handles a user's own change evicts that user before answering it (or, for
//    an answer, updates their progress in place), so the next request of the same client never
//    sees the old state;
//  - an entry lives at most `ttlMs` and never past its access token's expiry.
// The per-user bookkeeping (tickets, eviction, liveness, bounds) is lib/user-keyed-cache's.
// docs/decisions.md, "Session cache", weighs this against a query per request.

export interface SessionCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  clock: Clock;
  /** Oldest entries are dropped beyond this. */
  maxEntries?: number;
  /** Up to this share of `ttlMs` is taken off each entry's life, at random (lib/user-keyed-cache). */
  expirySpread?: number;
  random?: () => number;
}

/** What a session's questionnaire status was computed from, so that it can be recomputed in place. */
export interface ProgressBasis {
  /** questionnaire_totals.active_items when the session was read. */
  activeItems: number;
  /** The user's questionnaire_progress row then; null before their first answer. */
  progress: QuestionnaireProgress | null;
}

interface Entry extends ProgressBasis {
  session: AuthenticatedSession;
}

export class SessionCache {
  /** Keyed by the access token's SHA-256 hash. */
  readonly #entries: UserKeyedCache<Entry>;

  constructor(options: SessionCacheOptions) {
    this.#entries = new UserKeyedCache({ ...options, maxEntries: options.maxEntries ?? 50_000 });
  }

  get enabled(): boolean {
    return this.#entries.enabled;
  }

  /** Whether entries are served: enabled and its invalidation is connected. */
  get live(): boolean {
    return this.#entries.live;
  }

  /** Called by the listener: true once it receives changes, false (and everything dropped) when it loses them. */
  setLive(live: boolean): void {
    this.#entries.setLive(live);
  }

  get(tokenHash: string): AuthenticatedSession | undefined {
    return this.#entries.get(tokenHash)?.session;
  }

  /** Taken before the database look-up whose result may be stored. */
  ticket(): LookupTicket {
    return this.#entries.ticket();
  }

  store(tokenHash: string, session: AuthenticatedSession, tokenExpiresAt: Date, ticket: LookupTicket, basis: ProgressBasis): void {
    this.#entries.store(tokenHash, session.userId, { session, ...basis }, ticket, tokenExpiresAt.getTime());
  }

  /** Forgets every entry of the user: their account, progress or logins changed. */
  evictUser(userId: string): void {
    this.#entries.evictUser(userId);
  }

  /**
   * The user's questionnaire progress is now `progress` (their answer was just written, here or on
   * another instance): their entries get the new questionnaire status, keeping the rest. Progress
   * only grows (answers are never taken back; a change of the banks empties the cache), so an
   * entry that holds more than `progress` has seen a later change than this one, which arrived
   * late: that entry is dropped rather than trusted.
   */
  applyProgress(userId: string, progress: QuestionnaireProgress): void {
    this.#entries.updateUser(userId, (entry) => {
      if (!includesProgress(progress, entry.progress)) return undefined;
      // The notification of a change this instance already applied: nothing to redo.
      if (entry.progress !== null && includesProgress(entry.progress, progress)) return entry;
      return { ...entry, progress, session: { ...entry.session, questionnaire: questionnaireStatusFrom(entry.activeItems, progress) } };
    });
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Whether `later` holds at least the answers and completed sets of `earlier`. */
function includesProgress(later: QuestionnaireProgress, earlier: QuestionnaireProgress | null): boolean {
  if (earlier === null) return true;
  return later.answeredItems >= earlier.answeredItems && earlier.completed.every((set) => later.completed.includes(set));
}
