import { z } from 'zod';
import { countryCode } from './checkout.ts';
import { billingPlans, organisationTypes, serviceChoice } from './organisations.ts';

// Issue 12, the wizard's step 3: what an organisation pays per period. The prices are catalogue
// data (the operator's); the arithmetic is the server's, so the wizard shows what will be charged.

/** How a type is charged (spec 6): the whole organisation, per portfolio company, by its services, or by contract. */
export const chargeBases = ['organisation', 'portfolio_company', 'services', 'contract'] as const;
export type ChargeBasis = (typeof chargeBases)[number];

/** `GET /api/organisations/offer`: what the wizard offers, with the prices. */
export const organisationOffer = z.object({
  types: z.array(z.object({ type: z.enum(organisationTypes), basis: z.enum(chargeBases), monthly_price: z.number().int() })),
  plans: z.array(z.object({ plan: z.enum(billingPlans), months: z.number().int().nullable(), discount_percentage: z.number() })),
  services: z.array(
    z.object({ id: z.string(), sku: z.string(), title: z.string(), summary: z.string(), unit_price: z.number().int(), minimum_quantity: z.number().int() }),
  ),
});
export type OrganisationOffer = z.infer<typeof organisationOffer>;
export const organisationOfferEnvelope = z.object({ data: organisationOffer });

/** `POST /api/organisations/quote`: the price of one period for what the wizard holds so far. */
export const organisationQuoteRequest = z.object({
  type: z.enum(organisationTypes),
  plan: z.enum(billingPlans),
  services: z.array(serviceChoice).max(100),
  portfolio_companies: z.number().int().min(0).max(100_000).default(0),
  /** The billing country, whose VAT applies. */
  country: countryCode,
});
export type OrganisationQuoteRequest = z.output<typeof organisationQuoteRequest>;
export type OrganisationQuoteInput = z.input<typeof organisationQuoteRequest>;

/** One period's price in cents; null amounts for the contract plan, whose terms are agreed with sales. */
export const organisationQuote = z.object({
  plan: z.enum(billingPlans),
  months: z.number().int().nullable(),
  basis: z.enum(chargeBases),
  /** Before the plan's discount. */
  subtotal: z.number().int().nullable(),
  discount_percentage: z.number(),
  discount_amount: z.number().int().nullable(),
  /** After the discount, before VAT. */
  net: z.number().int().nullable(),
  vat_percentage: z.number(),
  vat_amount: z.number().int().nullable(),
  total: z.number().int().nullable(),
});
export type OrganisationQuote = z.infer<typeof organisationQuote>;
export const organisationQuoteEnvelope = z.object({ data: organisationQuote });
