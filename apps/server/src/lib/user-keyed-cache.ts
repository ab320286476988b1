import type { Clock } from './clock.ts';

// The bookkeeping shared by the in-memory caches that follow database changes per user (the
// session cache, the basket cache): entries keyed by anything, grouped by the user they belong
// to so that a change of that user forgets them all (and, optionally, by tags: the basket cache
// tags a basket with its coupon, so that a change of the coupon forgets only the baskets holding
// it), and three guards:
//  - nothing is served or stored unless the cache is enabled (a time to live above 0) and live
//    (its invalidation, PostgreSQL notifications, is connected; losing it drops everything);
//  - an entry lives at most `ttlMs`, and never past the instant its owner gives at `store`; with
//    `expirySpread`, each entry's life is shortened by a random part of that, so that entries
//    stored together (a crowd arriving at once) are not all read again at the same moment;
//  - a read that started before its user (or one of its tags) changed is not stored after the
//    change (a ticket taken before the read), so a read racing a write cannot put the old state back.

export interface UserKeyedCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  clock: Clock;
  /** Oldest entries are dropped beyond this. */
  maxEntries: number;
  /** Up to this share of `ttlMs` (0 to 1) is taken off each entry's life, at random; default 0. */
  expirySpread?: number;
  /** Where the spread's randomness comes from (tests pin it); default Math.random. */
  random?: () => number;
}

/** Proof that a read started at a point in time: `store` refuses it if its user changed since. */
export type LookupTicket = number;

interface Entry<V> {
  value: V;
  userId: string;
  /** The tags it was stored with; evictTag forgets it too. */
  tags: readonly string[];
  /** Milliseconds since the epoch, by the cache's clock: not served from then on. */
  expiresAt: number;
}

/** `V` is what a hit returns; `undefined` is kept for a miss. */
export class UserKeyedCache<V extends object | null> {
  readonly #ttlMs: number;
  readonly #clock: Clock;
  readonly #maxEntries: number;
  readonly #expirySpread: number;
  readonly #random: () => number;
  readonly #entries = new Map<string, Entry<V>>();
  /** Keys by user id, and by tag (user ids and tags share it: the caller keeps tags apart, e.g. by a prefix). */
  readonly #keysByGroup = new Map<string, Set<string>>();
  /** Counts changes; a read remembers it so that a result read before a change is not stored after it. */
  #epoch = 0;
  /** When each user or tag last changed (an epoch). */
  readonly #groupChangedAt = new Map<string, number>();
  /** Reads that started before this epoch are not stored (the per-user marks were forgotten). */
  #forgottenBefore = 0;
  #live = false;

  constructor(options: UserKeyedCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#clock = options.clock;
    this.#maxEntries = options.maxEntries;
    this.#expirySpread = options.expirySpread ?? 0;
    this.#random = options.random ?? Math.random;
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

  get(key: string): V | undefined {
    if (!this.live) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#clock.now().getTime() >= entry.expiresAt) {
      this.#delete(key, entry);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before the database read whose result may be stored. */
  ticket(): LookupTicket {
    return this.#epoch;
  }

  /**
   * Keeps `value` under `key` for the time to live (less the spread), or until `expiresAt`
   * (milliseconds since the epoch) if that comes first, grouped under its user and `tags`. Refused
   * while not live, and when the user or one of the tags changed after `ticket`.
   */
  store(key: string, userId: string, value: V, ticket: LookupTicket, expiresAt = Number.POSITIVE_INFINITY, tags: readonly string[] = []): void {
    if (!this.live || ticket < this.#forgottenBefore) return;
    // The user (or a tag) changed while the value was being read: it may predate the change.
    if (this.#changedAfter(userId, ticket) || tags.some((tag) => this.#changedAfter(tag, ticket))) return;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    if (this.#entries.size >= this.#maxEntries) this.#dropOldest();
    const now = this.#clock.now().getTime();
    const life = this.#expirySpread === 0 ? this.#ttlMs : this.#ttlMs * (1 - this.#expirySpread * this.#random());
    this.#entries.set(key, { value, userId, tags, expiresAt: Math.min(now + life, expiresAt) });
    this.#addToGroup(userId, key);
    for (const tag of tags) this.#addToGroup(tag, key);
  }

  /** Forgets every entry of the user: something they read changed. */
  evictUser(userId: string): void {
    this.#evictGroup(userId);
  }

  /** Forgets every entry stored with the tag (whoever's): something they all read changed. */
  evictTag(tag: string): void {
    this.#evictGroup(tag);
  }

  /**
   * The user changed in a way their entries can follow without a read: each entry is replaced by
   * what `update` returns, or dropped when it returns undefined. Reads of the user in flight are
   * not stored, as after an eviction.
   */
  updateUser(userId: string, update: (value: V) => V | undefined): void {
    this.#markChanged(userId);
    const keys = this.#keysByGroup.get(userId);
    if (!keys) return;
    for (const key of [...keys]) {
      const entry = this.#entries.get(key);
      if (!entry) continue;
      const updated = update(entry.value);
      if (updated === undefined) this.#delete(key, entry);
      else entry.value = updated;
    }
  }

  /** Forgets everything, and every read in flight. */
  clear(): void {
    this.#epoch += 1;
    this.#forgottenBefore = this.#epoch;
    this.#entries.clear();
    this.#keysByGroup.clear();
    this.#groupChangedAt.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #evictGroup(group: string): void {
    this.#markChanged(group);
    const keys = this.#keysByGroup.get(group);
    if (!keys) return;
    for (const key of [...keys]) {
      const entry = this.#entries.get(key);
      if (entry) this.#delete(key, entry);
    }
  }

  #changedAfter(group: string, ticket: LookupTicket): boolean {
    return (this.#groupChangedAt.get(group) ?? -1) > ticket;
  }

  /** Reads of the user (or tag) that started before now will not be stored. */
  #markChanged(group: string): void {
    this.#epoch += 1;
    this.#groupChangedAt.set(group, this.#epoch);
    if (this.#groupChangedAt.size > this.#maxEntries) {
      // Bounded memory: forget the marks, and with them every read still in flight.
      this.#groupChangedAt.clear();
      this.#forgottenBefore = this.#epoch;
    }
  }

  #addToGroup(group: string, key: string): void {
    let keys = this.#keysByGroup.get(group);
    if (!keys) {
      keys = new Set();
      this.#keysByGroup.set(group, keys);
    }
    keys.add(key);
  }

  #removeFromGroup(group: string, key: string): void {
    const keys = this.#keysByGroup.get(group);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysByGroup.delete(group);
  }

  #delete(key: string, entry: Entry<V>): void {
    this.#entries.delete(key);
    this.#removeFromGroup(entry.userId, key);
    for (const tag of entry.tags) this.#removeFromGroup(tag, key);
  }

  #dropOldest(): void {
    const oldest = this.#entries.entries().next();
    if (!oldest.done) this.#delete(oldest.value[0], oldest.value[1]);
  }
}
