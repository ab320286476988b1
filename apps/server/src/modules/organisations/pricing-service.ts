import type { ChargeBasis, OrganisationOffer, OrganisationQuote, OrganisationQuoteRequest } from '@app/contract/organisation-pricing';
import type { BillingPlan, OrganisationType, ServiceChoice } from '@app/contract/organisations';
import { organisationMessages } from '@app/contract/organisations';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { billingPlans } from '../../db/schema/billing-plans.ts';
import { organisationTypePrices } from '../../db/schema/organisation-type-prices.ts';
import { products } from '../../db/schema/products.ts';
import { ValidationError, type FieldErrors } from '../../lib/domain-errors.ts';
import { basisPointsToPercentage, priceBasketAmounts, vatTreatment, type AmountLine } from '../tax/public.ts';

// Issue 12: what an organisation pays per period. Prices are catalogue data (billing_plans,
// organisation_type_prices, the services' unit prices); one period is priced like a basket: the
// lines, the plan's discount, VAT on the discounted amount rounded once.

export interface ServiceOnOffer {
  id: string;
  unitPrice: number;
  minimumQuantity: number;
}

/** The active catalogue services among these ids, by id. */
export async function servicesOnOffer(db: DatabaseHandle, ids: readonly string[]): Promise<Map<string, ServiceOnOffer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, unitPrice: products.unitPrice, minimumQuantity: products.minimumQuantity })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.kind, 'service'), eq(products.active, true)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** 422 naming each chosen service that is not on offer (`services.{row}.product_id`). */
export function refuseUnknownServices(chosen: readonly ServiceChoice[], offered: ReadonlyMap<string, ServiceOnOffer>, errors: FieldErrors = {}): FieldErrors {
  chosen.forEach((service, index) => {
    if (!offered.has(service.product_id)) errors[`services.${index}.product_id`] = [organisationMessages.unknownService];
  });
  return errors;
}

/** `GET /api/organisations/offer`: the types with their charge, the plans and the services on offer. */
export async function loadOffer(db: DatabaseHandle): Promise<OrganisationOffer> {
  const [types, plans, services] = await Promise.all([
    db.select().from(organisationTypePrices),
    db.select().from(billingPlans).orderBy(asc(billingPlans.position)),
    db
      .select()
      .from(products)
      .where(and(eq(products.kind, 'service'), eq(products.active, true)))
      .orderBy(asc(products.position), asc(products.title)),
  ]);
  return {
    types: types.map((row) => ({ type: row.type as OrganisationType, basis: row.basis as ChargeBasis, monthly_price: row.monthlyPrice })),
    plans: plans.map((row) => ({ plan: row.plan as BillingPlan, months: row.months, discount_percentage: basisPointsToPercentage(row.discountBasisPoints) })),
    services: services.map((row) => ({ id: row.id, sku: row.sku, title: row.title, summary: row.summary, unit_price: row.unitPrice, minimum_quantity: row.minimumQuantity })),
  };
}

export interface QuoteContext {
  sellerCountry: string;
  at: Date;
}

/** One period's price for the wizard's choices (`POST /api/organisations/quote`). */
export async function quoteOrganisation(db: DatabaseHandle, request: OrganisationQuoteRequest, context: QuoteContext): Promise<OrganisationQuote> {
  // One after the other: `db` may be a transaction (the activation's), which runs a statement at a time.
  const [typePrice] = await db.select().from(organisationTypePrices).where(eq(organisationTypePrices.type, request.type));
  const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.plan, request.plan));
  const offered = await servicesOnOffer(
    db,
    request.services.map((service) => service.product_id),
  );
  if (!typePrice || !plan) throw new Error(`no price for ${request.type} on ${request.plan}: the organisation-pricing seed has not run`);
  const errors = refuseUnknownServices(request.services, offered);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const basis = typePrice.basis as ChargeBasis;
  const discountPercentage = basisPointsToPercentage(plan.discountBasisPoints);
  const vat = vatTreatment({ countryCode: request.country, sellerCountry: context.sellerCountry, vatNumberVerified: false, at: context.at });
  const base = { plan: request.plan, months: plan.months, basis, discount_percentage: discountPercentage, vat_percentage: basisPointsToPercentage(vat.basisPoints) };
  if (basis === 'contract' || plan.months === null) {
    return { ...base, subtotal: null, discount_amount: null, net: null, vat_amount: null, total: null };
  }
  const months = plan.months;
  const lines: AmountLine[] =
    basis === 'organisation'
      ? [{ unitPrice: typePrice.monthlyPrice * months, quantity: 1 }]
      : basis === 'portfolio_company'
        ? // No portfolio company listed yet (the wizard's first steps): nothing to charge, not an error.
          [{ unitPrice: typePrice.monthlyPrice * months, quantity: request.portfolio_companies }].filter((line) => line.quantity > 0)
        : request.services.map((service) => ({ unitPrice: (offered.get(service.product_id)?.unitPrice ?? 0) * months, quantity: service.quantity }));
  const amounts = priceBasketAmounts(lines, { type: 'percentage', basisPoints: plan.discountBasisPoints }, vat.basisPoints);
  return {
    ...base,
    subtotal: amounts.subtotal,
    discount_amount: amounts.discountAmount,
    net: amounts.discountSubtotal,
    vat_amount: amounts.vatAmount,
    total: amounts.total,
  };
}
