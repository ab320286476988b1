import type { CacheSources, ChangeSubscriber } from '../../db/change-listener.ts';
import type { Clock } from '../../lib/clock.ts';
import { UserKeyedCache } from '../../lib/user-keyed-cache.ts';
import type { TeamOverviewCells } from './team-overview-cells.ts';

// An organisation's team overview sums (its cells and position titles) held in memory, so that
// the overview of 10,000 people answers in milliseconds (issue 13's target, bench/team-overview),
// under the other caches' guarantees (lib/user-keyed-cache.ts), keyed by organisation instead of
// user:
//  - live only while its invalidation is: triggers (migration 0034_team_overview_changes) announce
//    on `team_overview_changes` every change of the organisation's members, of its lists' titles,
//    of a member's scored sets (their summary) and of a member's e-mail address (the title match);
//  - the instance that handles a change to an organisation through its own routes (a member
//    removed, leaving, a role) forgets that organisation before answering (team-insights-module.ts);
//  - a read that started before its organisation was evicted is not stored;
//  - an entry lives at most TEAM_OVERVIEW_CACHE_TTL_MS (60 s): tenure bands move with the clock, not
//    with a change, so a member may count in their previous band for up to that long.
// Consents and individual results are never cached; the group minimum is read on every request.

export const teamOverviewChangeChannel = 'team_overview_changes';

/** What the cached read (team-overview-cells.ts) reads. */
export const teamOverviewCacheSources: CacheSources = {
  channel: teamOverviewChangeChannel,
  watched: ['organisation_members', 'organisation_people', 'team_result_summaries', 'users', 'event_attendees'],
  unwatched: {
    organisations: 'the access check reads the organisation on every request, outside the cache',
    organisation_group_minimum_changes: 'the group minimum is read on every request, outside the cache, so a change applies at once',
    event_sessions: 'an event organiser’s sessions (the filter’s names) are read on every request, outside the cache',
  },
};

export interface CachedTeamSums {
  cells: TeamOverviewCells;
  titles: string[];
}

export class TeamOverviewCache {
  readonly #entries: UserKeyedCache<CachedTeamSums>;

  constructor(options: { ttlMs: number; clock: Clock; maxEntries?: number }) {
    this.#entries = new UserKeyedCache({ ttlMs: options.ttlMs, clock: options.clock, maxEntries: options.maxEntries ?? 1_000, expirySpread: 0.2 });
  }

  get enabled(): boolean {
    return this.#entries.enabled;
  }

  get live(): boolean {
    return this.#entries.live;
  }

  /** The organisation's sums from memory when fresh ones are held, else `load()`'s, kept. Callers must not change them. */
  async read(organisationId: string, load: () => Promise<CachedTeamSums>): Promise<CachedTeamSums> {
    const cached = this.#entries.get(organisationId);
    if (cached !== undefined) return cached;
    const ticket = this.#entries.ticket();
    const sums = await load();
    this.#entries.store(organisationId, organisationId, sums, ticket);
    return sums;
  }

  evictOrganisation(organisationId: string): void {
    this.#entries.evictUser(organisationId);
  }

  /** Keeps the cache in step with the database (the `team_overview_changes` notifications). */
  subscriber(): ChangeSubscriber {
    return {
      channel: teamOverviewChangeChannel,
      setLive: (live) => this.#entries.setLive(live),
      onChange: (organisationId) => this.#entries.evictUser(organisationId),
    };
  }
}
