import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An organisation (issue 12; spec sections 3 "Organisation" and 6): its type, the details of the
 * wizard's step 2, the plan and billing details of step 3, and where it stands. Its people are
 * organisation_members (accounts) and organisation_people (the lists typed in the wizard).
 */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'business', 'human_capital_expert', 'investor' or 'event_organiser'. */
    type: text().notNull(),
    name: text().notNull(),
    address: text().notNull(),
    registrationNumber: text().notNull(),
    vatCode: text().notNull(),
    businessDescription: text().notNull(),
    registrarName: text(),
    registrarEmail: text(),
    registrarPhone: text(),
    /** Event organisers only. */
    natureOfEvent: text(),
    /** 'monthly', 'quarterly', 'annual' or 'contract' (event organisers). */
    plan: text().notNull(),
    /** 'pending_activation' until the first period is paid (or the contract noted), then 'active', 'past_due', 'cancelled'. */
    status: text().notNull().default('pending_activation'),
    /** A contract plan waits for sales to agree terms (the admin tool lists these). */
    salesFollowUp: boolean().notNull().default(false),
    billingName: text().notNull(),
    billingEmail: text().notNull(),
    billingAddressLine1: text('billing_address_line_1').notNull(),
    billingAddressLine2: text('billing_address_line_2'),
    billingCity: text().notNull(),
    billingPostalCode: text().notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    billingCountry: text().notNull(),
    billingCounty: text(),
    /** Who created it (the first owner); null once that account is deleted. */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The wizard's key for one submission: a retried submit finds the organisation it made. */
    creationKey: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organisations_creation_key_unique').on(table.creationKey),
    index('organisations_created_by_idx').on(table.createdBy),
    check('organisations_type_known', sql`${table.type} in ('business', 'human_capital_expert', 'investor', 'event_organiser')`),
    check('organisations_plan_known', sql`${table.plan} in ('monthly', 'quarterly', 'annual', 'contract')`),
    check('organisations_status_known', sql`${table.status} in ('pending_activation', 'active', 'past_due', 'cancelled')`),
  ],
);
