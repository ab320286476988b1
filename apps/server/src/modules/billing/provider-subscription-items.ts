import type { OrganisationQuote } from '@app/contract/organisation-pricing';
import type { BillingPlan, OrganisationType } from '@app/contract/organisations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { billingPlans } from '../../db/schema/billing-plans.ts';
import { organisationPeople } from '../../db/schema/organisation-people.ts';
import { organisationServices } from '../../db/schema/organisation-services.ts';
import { organisationTypePrices } from '../../db/schema/organisation-type-prices.ts';
import type { organisations } from '../../db/schema/organisations.ts';
import { products } from '../../db/schema/products.ts';
import { quoteOrganisation } from '../organisations/public.ts';
import type { SubscriptionItem } from '../payments/public.ts';
import { basisPointsToPercentage, priceBasketAmounts, type AmountLine } from '../tax/public.ts';

// Issue 12, Stripe Billing: the period's price as Stripe's items, from the same catalogue data and
// arithmetic as our quote (organisation pricing): the whole organisation's price, each service's
// quantity x unit price, or each portfolio company; the plan's discount already in each line's
// price; the VAT of the billing country as an item of its own, so that what Stripe charges is to
// the cent what our period invoice says (Stripe's tax rates round per line, ours once).

type OrganisationRow = typeof organisations.$inferSelect;

export interface ProviderPeriodPrice {
  items: SubscriptionItem[];
  months: number;
  quote: OrganisationQuote;
}

/** The items of one period for the organisation on `plan`, with `quantities` (product id to quantity) instead of its services' own where given. */
export async function providerPeriodPrice(
  db: DatabaseHandle,
  organisation: OrganisationRow,
  plan: BillingPlan,
  context: { sellerCountry: string; at: Date; quantities?: Record<string, number> | null },
): Promise<ProviderPeriodPrice> {
  const chosen = await db
    .select({ productId: organisationServices.productId, quantity: organisationServices.quantity, title: products.title, unitPrice: products.unitPrice })
    .from(organisationServices)
    .innerJoin(products, eq(products.id, organisationServices.productId))
    .where(eq(organisationServices.organisationId, organisation.id));
  const services = chosen.map((service) => ({ ...service, quantity: context.quantities?.[service.productId] ?? service.quantity }));
  const [portfolio] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organisationPeople)
    .where(and(eq(organisationPeople.organisationId, organisation.id), eq(organisationPeople.list, 'portfolio_company')));
  const portfolioCompanies = portfolio?.count ?? 0;
  const type = organisation.type as OrganisationType;
  const quote = await quoteOrganisation(
    db,
    { type, plan, services: services.map((service) => ({ product_id: service.productId, quantity: service.quantity })), portfolio_companies: portfolioCompanies, country: organisation.billingCountry },
    { sellerCountry: context.sellerCountry, at: context.at },
  );
  const [typePrice] = await db.select().from(organisationTypePrices).where(eq(organisationTypePrices.type, type));
  const [planRow] = await db.select().from(billingPlans).where(inArray(billingPlans.plan, [plan]));
  if (!typePrice || !planRow || planRow.months === null || quote.months === null || quote.total === null) throw new Error(`no period price for ${type} on ${plan}`);
  const months = planRow.months;

  const charged: Array<{ key: string; title: string; line: AmountLine }> =
    quote.basis === 'organisation'
      ? [{ key: `organisation-${type}`, title: `Organisation subscription (${type.replaceAll('_', ' ')})`, line: { unitPrice: typePrice.monthlyPrice * months, quantity: 1 } }]
      : quote.basis === 'portfolio_company'
        ? [{ key: 'portfolio-company', title: 'Portfolio company', line: { unitPrice: typePrice.monthlyPrice * months, quantity: portfolioCompanies } }]
        : services.map((service) => ({ key: `service-${service.productId}`, title: service.title, line: { unitPrice: service.unitPrice * months, quantity: service.quantity } }));
  const vatBasisPoints = Math.round(quote.vat_percentage * 100);
  const amounts = priceBasketAmounts(
    charged.map((entry) => entry.line),
    { type: 'percentage', basisPoints: planRow.discountBasisPoints },
    vatBasisPoints,
  );
  const items: SubscriptionItem[] = [];
  charged.forEach((entry, index) => {
    const line = amounts.lines[index];
    if (!line || entry.line.quantity === 0) return;
    const net = line.lineSubtotal - line.lineDiscount;
    // A discounted unit price in whole cents when the line divides evenly; else the line as one unit.
    if (net % entry.line.quantity === 0) items.push({ key: entry.key, title: entry.title, unitAmount: net / entry.line.quantity, quantity: entry.line.quantity });
    else items.push({ key: entry.key, title: `${entry.title} × ${entry.line.quantity}`, unitAmount: net, quantity: 1 });
  });
  if (amounts.vatAmount > 0) items.push({ key: 'vat', title: `VAT ${basisPointsToPercentage(vatBasisPoints)}%`, unitAmount: amounts.vatAmount, quantity: 1 });
  const total = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (total !== quote.total) throw new Error(`the provider items add up to ${total}, the quote to ${quote.total}`);
  return { items, months, quote };
}
