import type { ReportListItem } from '@app/contract/reports';
import type { CacheSources, ChangeSubscriber } from '../../db/change-listener.ts';
import type { Clock } from '../../lib/clock.ts';
import { UserKeyedCache } from '../../lib/user-keyed-cache.ts';

// GET /api/reports answered from memory (issue 11's speed target, bench/reports: 3,000 req/s at 50
// connections), under the session and basket caches' guarantees (lib/user-keyed-cache.ts):
//  - live only while its invalidation is: PostgreSQL triggers (migration
//    0020_report_change_notifications) announce on `report_changes` every change to a user's
//    granted_reports rows (a grant, its status, its edition, its first opening) and to their
//    assessment_results (what a pending report waits for); report_editions and orders rows the
//    list reads only change together with a granted_reports row (the same transaction), or never
//    after the grant (the order's payment date);
//  - the instance that opens, retries or updates a report evicts its owner before answering, so the
//    owner's next list never shows what they just changed the other way;
//  - a read that started before its user was evicted is not stored.

/** The channel of the report_change triggers; the payload is the user's id. */
export const reportChangeChannel = 'report_changes';

/** What the cached list's read (report-rows.ts, listReportRows) reads. */
export const reportListCacheSources: CacheSources = {
  channel: reportChangeChannel,
  watched: ['granted_reports', 'assessment_results'],
  unwatched: {
    report_editions: 'an edition is written in the transaction that points its grant at it (granted_reports.current_edition), and never changed after',
    orders: 'the list reads when the order was paid, which is fixed before its grants exist (they are made in the transaction that pays it)',
  },
};

export class ReportListCache {
  readonly #entries: UserKeyedCache<{ reports: ReportListItem[] }>;

  constructor(options: { ttlMs: number; clock: Clock; maxEntries?: number }) {
    this.#entries = new UserKeyedCache({ ttlMs: options.ttlMs, clock: options.clock, maxEntries: options.maxEntries ?? 10_000, expirySpread: 0.5 });
  }

  get enabled(): boolean {
    return this.#entries.enabled;
  }

  /** Whether lists are served from memory: enabled and its invalidation is connected. */
  get live(): boolean {
    return this.#entries.live;
  }

  /** The user's list from memory when a fresh one is held, else `load()`'s, kept. Callers must not change it. */
  async read(userId: string, load: () => Promise<ReportListItem[]>): Promise<ReportListItem[]> {
    const cached = this.#entries.get(userId);
    if (cached !== undefined) return cached.reports;
    const ticket = this.#entries.ticket();
    const reports = await load();
    this.#entries.store(userId, userId, { reports }, ticket);
    return reports;
  }

  evictUser(userId: string): void {
    this.#entries.evictUser(userId);
  }

  /** Keeps the cache in step with the database (the `report_changes` notifications). */
  subscriber(): ChangeSubscriber {
    return {
      channel: reportChangeChannel,
      setLive: (live) => this.#entries.setLive(live),
      onChange: (userId) => this.#entries.evictUser(userId),
    };
  }
}
