import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection.ts';

/** At most `limit` hits per fixed window of `windowSeconds`, counted per key. */
export interface RateLimitRule {
  /** Names the counter in the table (`login.email-ip`); changing it starts the counts afresh. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** One counter to bump: a rule and the values it is counted by (an IP, an e-mail, a user id). */
export interface RateLimitHit {
  rule: RateLimitRule;
  parts: readonly string[];
}

export interface RateLimitOutcome {
  rule: RateLimitRule;
  key: string;
  hits: number;
  /** Hits so far are within the limit. */
  allowed: boolean;
  /** Seconds until the window ends and the count starts again (at least 1). */
  retryAfterSeconds: number;
}

/**
 * The counter's key. The parts are hashed, so the table holds no e-mail or IP address, and a long
 * value cannot bloat the primary key.
 */
export function rateLimitKey(rule: RateLimitRule, parts: readonly string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest('base64url');
  return `${rule.name}:${digest}`;
}

/**
 * Counts one hit on each counter, in one atomic statement that every server instance shares: a
 * counter whose window has ended starts again at 1 with a new window.
 */
export async function hitRateLimits(db: Database, hits: readonly RateLimitHit[], now: Date): Promise<RateLimitOutcome[]> {
  if (hits.length === 0) return [];
  const counters = hits.map(({ rule, parts }) => ({ rule, key: rateLimitKey(rule, parts) }));
  const rows = counters.map(
    ({ rule, key }) => sql`(${key}, 1, ${now.toISOString()}::timestamptz + make_interval(secs => ${rule.windowSeconds}))`,
  );
  const result = await db.execute<{ key: string; hits: number; window_ends_at: Date | string }>(sql`
    INSERT INTO rate_limit_counters AS counter (key, hits, window_ends_at)
    VALUES ${sql.join(rows, sql`, `)}
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN counter.window_ends_at <= ${now.toISOString()}::timestamptz THEN 1 ELSE counter.hits + 1 END,
      window_ends_at = CASE
        WHEN counter.window_ends_at <= ${now.toISOString()}::timestamptz THEN excluded.window_ends_at
        ELSE counter.window_ends_at
      END
    RETURNING key, hits, window_ends_at`);
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  return counters.map(({ rule, key }) => {
    const row = byKey.get(key);
    if (!row) throw new Error(`rate limit counter ${key} was not returned`);
    const windowEndsAt = new Date(row.window_ends_at);
    return {
      rule,
      key,
      hits: row.hits,
      allowed: row.hits <= rule.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000)),
    };
  });
}

/** Forgets counters, e.g. the failed logins of an e-mail and IP once a login succeeds. */
export async function resetRateLimits(db: Database, hits: readonly RateLimitHit[]): Promise<void> {
  if (hits.length === 0) return;
  const keys = hits.map(({ rule, parts }) => rateLimitKey(rule, parts));
  await db.execute(sql`DELETE FROM rate_limit_counters WHERE key IN (${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )})`);
}

/** Deletes counters whose window has ended; they would start again at 1 anyway. */
export async function sweepRateLimits(db: Database, now: Date): Promise<number> {
  const result = await db.execute(sql`DELETE FROM rate_limit_counters WHERE window_ends_at <= ${now.toISOString()}::timestamptz`);
  return result.rowCount ?? 0;
}
