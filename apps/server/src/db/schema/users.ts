import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, pgTable, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A person's account. Birth details are the signup-data step (spec section 3). */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** As typed; uniqueness and look-ups use lower(email). */
    email: text().notNull(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** argon2id; null for accounts created through Google that never set one. */
    passwordHash: text(),
    /** Google's stable subject id: the key of a Google sign-in, not the e-mail. */
    googleSub: text(),
    locale: text().notNull().default('en'),
    birthDate: date({ mode: 'string' }),
    birthTime: time(),
    /** False when the birth time is unknown. */
    tsAccurate: boolean().notNull().default(false),
    birthCity: text(),
    birthCountry: text(),
    countryCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    timezone: text(),
    privacyPolicyVersion: text(),
    privacyPolicyAcceptedAt: timestamp({ withTimezone: true }),
    termsVersion: text(),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_google_sub_unique').on(table.googleSub),
    index('users_created_at_idx').on(table.createdAt),
  ],
);
