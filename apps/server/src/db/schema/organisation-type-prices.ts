import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What each organisation type pays per month, before the plan's months and discount (issue 12;
 * spec 6): a business one price for the whole organisation, an investor a price per portfolio
 * company, a human capital expert its services (quantity x the service's unit price, from the
 * products), an event organiser a contract. Catalogue data, the operator's to change.
 */
export const organisationTypePrices = pgTable(
  'organisation_type_prices',
  {
    /** 'business', 'human_capital_expert', 'investor' or 'event_organiser'. */
    type: text().primaryKey(),
    /** 'organisation', 'portfolio_company', 'services' or 'contract'. */
    basis: text().notNull(),
    /** Net cents per month and unit of the basis; unused for 'services' and 'contract'. */
    monthlyPrice: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('organisation_type_prices_type_known', sql`${table.type} in ('business', 'human_capital_expert', 'investor', 'event_organiser')`),
    check('organisation_type_prices_basis_known', sql`${table.basis} in ('organisation', 'portfolio_company', 'services', 'contract')`),
    check('organisation_type_prices_price_not_negative', sql`${table.monthlyPrice} >= 0`),
  ],
);
