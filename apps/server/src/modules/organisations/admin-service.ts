import type { ChargeBasis } from '@app/contract/organisation-pricing';
import { billingPlans as planNames, organisationTypes, type BillingPlan, type OrganisationType } from '@app/contract/organisations';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { billingPlans } from '../../db/schema/billing-plans.ts';
import { organisationTypePrices } from '../../db/schema/organisation-type-prices.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { AdminInputError, euroAmount, parseAdminInput, percentageInBasisPoints } from '../../lib/admin-input.ts';
import { isUuid } from '../../lib/uuid.ts';
import { fullBasisPoints } from '../tax/public.ts';

// What an operator does for organisations with `npm run admin` (issue 12): the plans' discounts and
// the types' monthly prices, which are catalogue data (pricing-service.ts prices every quote and
// renewal from them, so a change reaches the next quote and the next period of running
// subscriptions), and the contract organisations awaiting sales follow-up. The services' charges
// are the service products' prices (`products update SKU --price`, the shop's admin).

export type PlanRecord = typeof billingPlans.$inferSelect & { plan: BillingPlan };
export type TypePriceRecord = typeof organisationTypePrices.$inferSelect & { type: OrganisationType; basis: ChargeBasis };

/** An organisation as the sales follow-up list shows it. */
export interface SalesFollowUpRecord {
  id: string;
  name: string;
  type: OrganisationType;
  plan: BillingPlan;
  status: string;
  billingEmail: string;
  salesFollowUp: boolean;
  createdAt: Date;
}

/** A plan's discount: 0 (none) to 100. Months are not the operator's: they are what the plan means. */
export const planUpdateInput = z.object({
  discount: percentageInBasisPoints.refine((basisPoints) => basisPoints <= fullBasisPoints, 'must be from 0 to 100'),
});
/** As typed on the command line; a missing --discount is refused ('--discount is required'). */
export type PlanUpdateInput = Partial<z.input<typeof planUpdateInput>>;

export const typePriceUpdateInput = z.object({
  // A type charged by the organisation or per portfolio company at €0 would start subscriptions
  // that charge nothing; taking a type off the offer is another decision than a price.
  price: euroAmount.refine((cents) => cents > 0, 'must be above 0'),
});
/** As typed on the command line; a missing --price is refused ('--price is required'). */
export type TypePriceUpdateInput = Partial<z.input<typeof typePriceUpdateInput>>;

const planName = z.enum(planNames);
const typeName = z.enum(organisationTypes);

function knownPlan(name: string): BillingPlan {
  const parsed = planName.safeParse(name.trim().toLowerCase());
  if (!parsed.success) throw new AdminInputError(`no plan is called ${name}: use ${planNames.join(', ')}`);
  return parsed.data;
}

function knownType(name: string): OrganisationType {
  const parsed = typeName.safeParse(name.trim().toLowerCase());
  if (!parsed.success) throw new AdminInputError(`no organisation type is called ${name}: use ${organisationTypes.join(', ')}`);
  return parsed.data;
}

export async function listPlans(db: DatabaseHandle): Promise<PlanRecord[]> {
  const rows = await db.select().from(billingPlans).orderBy(asc(billingPlans.position));
  // The table's check constraints hold the names to the contract's.
  return rows.map((row) => ({ ...row, plan: row.plan as BillingPlan }));
}

/** Sets the discount a plan's period earns; quotes and renewals from now on apply it. */
export async function updatePlanDiscount(db: DatabaseHandle, plan: string, raw: PlanUpdateInput): Promise<PlanRecord> {
  const name = knownPlan(plan);
  const input = parseAdminInput(planUpdateInput, raw);
  if (name === 'contract') throw new AdminInputError('the contract plan has no period price to discount: its terms are agreed with sales');
  const [updated] = await db
    .update(billingPlans)
    .set({ discountBasisPoints: input.discount, updatedAt: new Date() })
    .where(eq(billingPlans.plan, name))
    .returning();
  if (!updated) throw new AdminInputError(`the ${name} plan is missing: the organisation-pricing seed has not run`);
  return { ...updated, plan: name };
}

export async function listTypePrices(db: DatabaseHandle): Promise<TypePriceRecord[]> {
  const rows = await db.select().from(organisationTypePrices);
  const typed = rows.map((row) => ({ ...row, type: row.type as OrganisationType, basis: row.basis as ChargeBasis }));
  // The wizard's order of the types (spec 6).
  return typed.sort((a, b) => organisationTypes.indexOf(a.type) - organisationTypes.indexOf(b.type));
}

/** Sets a type's monthly price (per organisation or per portfolio company); quotes and renewals from now on use it. */
export async function updateTypePrice(db: DatabaseHandle, type: string, raw: TypePriceUpdateInput): Promise<TypePriceRecord> {
  const name = knownType(type);
  const input = parseAdminInput(typePriceUpdateInput, raw);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(organisationTypePrices).where(eq(organisationTypePrices.type, name)).for('update');
    if (!current) throw new AdminInputError(`the ${name} price is missing: the organisation-pricing seed has not run`);
    if (current.basis === 'services') {
      throw new AdminInputError(`${name} is charged per activated service: change a service's price with \`products update SKU --price EUROS\``);
    }
    if (current.basis === 'contract') throw new AdminInputError(`${name} is charged by a contract agreed with sales: it has no monthly price`);
    const [updated] = await tx
      .update(organisationTypePrices)
      .set({ monthlyPrice: input.price, updatedAt: new Date() })
      .where(eq(organisationTypePrices.type, name))
      .returning();
    if (!updated) throw new AdminInputError(`the ${name} price is missing: the organisation-pricing seed has not run`);
    return { ...updated, type: name, basis: updated.basis as ChargeBasis };
  });
}

const followUpColumns = {
  id: organisations.id,
  name: organisations.name,
  type: organisations.type,
  plan: organisations.plan,
  status: organisations.status,
  billingEmail: organisations.billingEmail,
  salesFollowUp: organisations.salesFollowUp,
  createdAt: organisations.createdAt,
};

function followUpRecord(row: Omit<SalesFollowUpRecord, 'type' | 'plan'> & { type: string; plan: string }): SalesFollowUpRecord {
  return { ...row, type: row.type as OrganisationType, plan: row.plan as BillingPlan };
}

/** The organisations on a contract plan that sales has not yet followed up, the longest waiting first. */
export async function listSalesFollowUps(db: DatabaseHandle): Promise<SalesFollowUpRecord[]> {
  const rows = await db.select(followUpColumns).from(organisations).where(eq(organisations.salesFollowUp, true)).orderBy(asc(organisations.createdAt), asc(organisations.name));
  return rows.map(followUpRecord);
}

/** Sales has been in touch: the organisation leaves the follow-up list. */
export async function markFollowedUp(db: DatabaseHandle, id: string): Promise<SalesFollowUpRecord> {
  const organisationId = id.trim();
  if (!isUuid(organisationId)) throw new AdminInputError(`no organisation has id ${id}`);
  return db.transaction(async (tx) => {
    const [current] = await tx.select(followUpColumns).from(organisations).where(eq(organisations.id, organisationId)).for('update');
    if (!current) throw new AdminInputError(`no organisation has id ${id}`);
    if (!current.salesFollowUp) throw new AdminInputError(`${current.name} (${current.id}) is not awaiting sales follow-up`);
    const [updated] = await tx
      .update(organisations)
      .set({ salesFollowUp: false, updatedAt: new Date() })
      .where(eq(organisations.id, organisationId))
      .returning(followUpColumns);
    if (!updated) throw new AdminInputError(`no organisation has id ${id}`);
    return followUpRecord(updated);
  });
}
