import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedSession } from '../../plugins/auth.ts';
import { questionnaireStatusFrom, type QuestionnaireProgress } from '../assessments/questionnaire-status.ts';

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
// docs/decisions.md, "Session cache", weighs this against a query per request.

export interface SessionCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  clock: Clock;
  /** Oldest entries are dropped beyond this. */
  maxEntries?: number;
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
  /** Milliseconds since the epoch, by the cache's clock. */
  tokenExpiresAt: number;
  storedAt: number;
}

/** Proof that a look-up started at a point in time: `store` refuses it if its user changed since. */
export type LookupTicket = number;

export class SessionCache {
  readonly #ttlMs: number;
  readonly #clock: Clock;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, Entry>();
  readonly #tokensByUser = new Map<string, Set<string>>();
  /** Counts evictions; a look-up remembers it so that a result read before an eviction is not stored after it. */
  #epoch = 0;
  readonly #userEvictedAt = new Map<string, number>();
  /** Look-ups that started before this epoch are not stored (the per-user marks were forgotten). */
  #forgottenBefore = 0;
  #live = false;

  constructor(options: SessionCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#clock = options.clock;
    this.#maxEntries = options.maxEntries ?? 50_000;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /** Whether entries are served: enabled and its invalidation is connected. */
  get live(): boolean {
    return this.enabled && this.#live;
  }

  /** Called by the listener: true once it receives changes, false (and everything dropped) when it loses them. */
  setLive(live: boolean): void {
    this.clear();
    this.#live = live;
  }

  get(tokenHash: string): AuthenticatedSession | undefined {
    if (!this.live) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.#clock.now().getTime();
    if (now >= entry.tokenExpiresAt || now - entry.storedAt >= this.#ttlMs) {
      this.#delete(tokenHash, entry.session.userId);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before the database look-up whose result may be stored. */
  ticket(): LookupTicket {
    return this.#epoch;
  }

  store(tokenHash: string, session: AuthenticatedSession, tokenExpiresAt: Date, ticket: LookupTicket, basis: ProgressBasis): void {
    if (!this.live || ticket < this.#forgottenBefore) return;
    // The user changed while the row was being read: it may predate the change.
    if ((this.#userEvictedAt.get(session.userId) ?? -1) > ticket) return;
    const previous = this.#entries.get(tokenHash);
    if (previous) this.#delete(tokenHash, previous.session.userId);
    if (this.#entries.size >= this.#maxEntries) this.#dropOldest();
    this.#entries.set(tokenHash, { session, tokenExpiresAt: tokenExpiresAt.getTime(), storedAt: this.#clock.now().getTime(), ...basis });
    let tokens = this.#tokensByUser.get(session.userId);
    if (!tokens) {
      tokens = new Set();
      this.#tokensByUser.set(session.userId, tokens);
    }
    tokens.add(tokenHash);
  }

  /** Forgets every entry of the user: their account, progress or logins changed. */
  evictUser(userId: string): void {
    this.#markChanged(userId);
    const tokens = this.#tokensByUser.get(userId);
    if (!tokens) return;
    for (const tokenHash of tokens) this.#entries.delete(tokenHash);
    this.#tokensByUser.delete(userId);
  }

  /**
   * The user's questionnaire progress is now `progress` (their answer was just written, here or on
   * another instance): their entries get the new questionnaire status, keeping the rest. Progress
   * only grows (answers are never taken back; a change of the banks empties the cache), so an
   * entry that holds more than `progress` has seen a later change than this one, which arrived
   * late: that entry is dropped rather than trusted.
   */
  applyProgress(userId: string, progress: QuestionnaireProgress): void {
    this.#markChanged(userId);
    const tokens = this.#tokensByUser.get(userId);
    if (!tokens) return;
    for (const tokenHash of [...tokens]) {
      const entry = this.#entries.get(tokenHash);
      if (!entry) continue;
      if (!includesProgress(progress, entry.progress)) {
        this.#delete(tokenHash, userId);
        continue;
      }
      entry.progress = progress;
      entry.session = { ...entry.session, questionnaire: questionnaireStatusFrom(entry.activeItems, progress) };
    }
  }

  clear(): void {
    this.#epoch += 1;
    this.#forgottenBefore = this.#epoch;
    this.#entries.clear();
    this.#tokensByUser.clear();
    this.#userEvictedAt.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Look-ups of the user that started before now will not be stored. */
  #markChanged(userId: string): void {
    this.#epoch += 1;
    this.#userEvictedAt.set(userId, this.#epoch);
    if (this.#userEvictedAt.size > this.#maxEntries) {
      // Bounded memory: forget the marks, and with them every look-up still in flight.
      this.#userEvictedAt.clear();
      this.#forgottenBefore = this.#epoch;
    }
  }

  #delete(tokenHash: string, userId: string): void {
    this.#entries.delete(tokenHash);
    const tokens = this.#tokensByUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.#tokensByUser.delete(userId);
  }

  #dropOldest(): void {
    const oldest = this.#entries.entries().next();
    if (!oldest.done) this.#delete(oldest.value[0], oldest.value[1].session.userId);
  }
}

/** Whether `later` holds at least the answers and completed sets of `earlier`. */
function includesProgress(later: QuestionnaireProgress, earlier: QuestionnaireProgress | null): boolean {
  if (earlier === null) return true;
  return later.answeredItems >= earlier.answeredItems && earlier.completed.every((set) => later.completed.includes(set));
}
