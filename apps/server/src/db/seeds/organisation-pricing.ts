import type { Database } from '../connection.ts';
import { billingPlans } from '../schema/billing-plans.ts';
import { organisationTypePrices } from '../schema/organisation-type-prices.ts';

/** The starting plans (issue 12): a quarter earns 5 % off, a year 15 %. */
export const startingPlans: readonly (typeof billingPlans.$inferInsert)[] = [
  { plan: 'monthly', months: 1, discountBasisPoints: 0, position: 10 },
  { plan: 'quarterly', months: 3, discountBasisPoints: 500, position: 20 },
  { plan: 'annual', months: 12, discountBasisPoints: 1_500, position: 30 },
  { plan: 'contract', months: null, discountBasisPoints: 0, position: 40 },
];

/** The starting monthly prices per type, net cents (spec 6: how each type is charged). */
export const startingTypePrices: readonly (typeof organisationTypePrices.$inferInsert)[] = [
  { type: 'business', basis: 'organisation', monthlyPrice: 14_900 },
  { type: 'human_capital_expert', basis: 'services', monthlyPrice: 0 },
  { type: 'investor', basis: 'portfolio_company', monthlyPrice: 4_900 },
  { type: 'event_organiser', basis: 'contract', monthlyPrice: 0 },
];

/** Inserts what is missing; the operator's changes survive every restart. */
export async function seedOrganisationPricing(db: Database): Promise<void> {
  await db
    .insert(billingPlans)
    .values([...startingPlans])
    .onConflictDoNothing();
  await db
    .insert(organisationTypePrices)
    .values([...startingTypePrices])
    .onConflictDoNothing();
}
