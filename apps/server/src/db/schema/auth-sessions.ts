import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One login: the family of every access and refresh token issued from it. Revoking the family
 * (logout, reuse of a rotated refresh token, password change) ends them all at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text(),
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The refresh tokens of this family stop working at this instant, however often rotated. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Opaque access tokens, stored only as SHA-256 hashes (hex). */
export const accessTokens = pgTable(
  'access_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('access_tokens_session_idx').on(table.sessionId), index('access_tokens_expires_idx').on(table.expiresAt)],
);

/** Rotating refresh tokens, stored only as SHA-256 hashes (hex). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the token was exchanged; a later exchange past the grace window is reuse. */
    rotatedAt: timestamp({ withTimezone: true }),
    /**
     * The pair this token was exchanged for, AES-256-GCM encrypted under a key derived from this
     * (plain) token, which the database never holds. A second exchange within the grace window
     * (two tabs refreshing at once) answers the same pair instead of counting as reuse.
     */
    successorCiphertext: text(),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);
