import { z } from 'zod';
import { validationMessages } from './messages.ts';

/** Money on the wire: integer euro cents (DESIGN.md section 4). */
export const cents = z.number().int();

/** The reports a product can grant (the assessments of issue 4). */
export const reportTypes = ['big5', 'environment', 'values'] as const;
export const reportType = z.enum(reportTypes);
export type ReportType = z.infer<typeof reportType>;

/** 'report' grants one report, 'bundle' several, 'service' is an organisation service (no report). */
export const productKinds = ['report', 'bundle', 'service'] as const;
export const productKind = z.enum(productKinds);
export type ProductKind = z.infer<typeof productKind>;

/** The largest quantity one basket line takes (organisation services are bought per seat). */
export const maximumQuantity = 10_000;

/** Spec section 3 "Basket summary"; `vat_percentage` is a percentage such as 19 or 7.7. */
export const basketSummary = z.object({
  subtotal: cents,
  vat_amount: cents,
  vat_percentage: z.number(),
  discount_amount: cents,
  discount_subtotal: cents,
  total: cents,
  /**
   * Ours, not the spec's: present only when the request named a VAT number
   * (`GET /api/cart?country=FR&vat_number=FR...`), then true when the configured checker verified
   * it for a business in another EU country: the VAT is reverse-charged (vat_amount 0).
   */
  reverse_charge: z.boolean().optional(),
});
export type BasketSummary = z.infer<typeof basketSummary>;

/** Spec section 3 "Basket item", plus the per-unit price, quantity and minimum it shows. */
export const basketItem = z.object({
  product_id: z.string(),
  product_sku: z.string(),
  product_title: z.string(),
  product_description: z.string(),
  product_summary: z.string(),
  /** Net price of one unit, the snapshot taken when the basket was last priced. */
  unit_price: cents,
  quantity: z.number().int().positive(),
  minimum_quantity: z.number().int().positive(),
  /** unit_price x quantity, before discount and VAT. */
  total_price: cents,
  /** The report type this product grants: null for bundles (see report_types) and services. */
  report_type: reportType.nullable(),
  /** Every report type a purchase grants: one for a report, three for the bundle, none for a service. */
  report_types: z.array(reportType),
  /**
   * Issue 16: the catalogue price of one unit. It differs from `unit_price` only for a bundle of
   * which the buyer owns reports already (contract bundle-pricing.ts): then `unit_price` is this
   * less `owned_reduction`.
   */
  list_price: cents,
  /** Taken off `list_price` for the reports of this bundle the buyer owns (0 for every other line). */
  owned_reduction: cents,
  /** The reports of this bundle the buyer owns, which `owned_reduction` stands for (else empty). */
  owned_report_types: z.array(reportType),
});
export type BasketItem = z.infer<typeof basketItem>;

/** Spec section 3 "Coupon": the applied code and its discount as the basket shows it. */
export const appliedCoupon = z.object({
  code: z.string(),
  /** 'percentage': value in basis points of the subtotal (1000 = 10 %); 'fixed': cents. */
  type: z.enum(['percentage', 'fixed']),
  value: z.number().int(),
  /** The discount this coupon gives on the current basket, in cents. */
  discount_value: cents,
});
export type AppliedCoupon = z.infer<typeof appliedCoupon>;

/**
 * Where the country whose VAT prices the basket comes from (issue 16), first that applies:
 * - `requested`: the call named it (`?country=`: the checkout's billing country, or the buyer's
 *   choice on the basket page);
 * - `billing_details`: the account's saved billing details;
 * - `birth_details`: the country of birth;
 * - `browser_region`: the browser's region the web sent (`?region=`);
 * - `shop`: none of these is known: the shop's own country (DEFAULT_VAT_COUNTRY).
 */
export const vatCountrySources = ['requested', 'billing_details', 'birth_details', 'browser_region', 'shop'] as const;
export const vatCountrySource = z.enum(vatCountrySources);
export type VatCountrySource = z.infer<typeof vatCountrySource>;

/** The country whose VAT the summary holds (ISO 3166-1 alpha-2), and why it is that one. */
export const basketVatCountry = z.object({ code: z.string(), source: vatCountrySource });
export type BasketVatCountry = z.infer<typeof basketVatCountry>;

/** Spec section 3 "Basket". */
export const basket = z.object({
  items: z.array(basketItem),
  summary: basketSummary,
  coupon: appliedCoupon.nullable(),
  coupon_code: z.string().nullable(),
  /** Messages for the user when re-pricing changed an item (price or minimum), else empty. */
  notices: z.array(z.string()),
  /** Ours (issue 16): the country whose VAT `summary` applies, so the basket can say so. */
  vat_country: basketVatCountry,
});
export type Basket = z.infer<typeof basket>;

/** Every cart call answers `{ data: basket }` (spec section 7), or 204 when the basket is empty. */
export const basketEnvelope = z.object({ data: basket });
export type BasketEnvelope = z.infer<typeof basketEnvelope>;

/** A single report that adding its bundle took out of the basket (issue 16). */
export const replacedItem = z.object({
  product_id: z.string(),
  product_title: z.string(),
  quantity: z.number().int().positive(),
});
export type ReplacedItem = z.infer<typeof replacedItem>;

/**
 * `POST /api/cart/items` answers `{ data: basket, replaced }`: `replaced` lists the single reports
 * that the added bundle replaced (issue 16: a bundle and its singles are never in the basket
 * together), so the web can say so and offer Undo; empty for any other product.
 */
// An answer without it (a server from before it) replaced nothing.
export const addCartItemEnvelope = basketEnvelope.extend({ replaced: z.array(replacedItem).default([]) });
export type AddCartItemEnvelope = z.infer<typeof addCartItemEnvelope>;

/** The quantity of a basket line; the product's own minimum is checked by the server. */
const wholeNumberMessage = 'Enter a whole number.';
const quantity = z
  .number({ error: wholeNumberMessage })
  .int({ error: wholeNumberMessage })
  .positive({ error: 'Enter a quantity of at least 1.' })
  .max(maximumQuantity, { error: `Enter a quantity of at most ${maximumQuantity}.` });

export const addCartItemRequest = z.object({
  product_id: z.string().min(1).optional(),
  /** Accepted instead of product_id (spec section 5: "neither product id nor a known sku"). */
  sku: z.string().min(1).optional(),
  /** Omitted: the product's minimum quantity (1 for reports). */
  quantity: quantity.optional(),
});
export type AddCartItemRequest = z.input<typeof addCartItemRequest>;

/** `PATCH /api/cart/items/{product_id}` (ours): changes the quantity of a line in the basket. */
export const updateCartItemRequest = z.object({ quantity });
export type UpdateCartItemRequest = z.infer<typeof updateCartItemRequest>;

export const cartItemParams = z.object({ productId: z.string().min(1) });

/**
 * Codes of the basket's refusals (spec section 5). The web translates them as
 * `serverErrors.<code>`; the message is English text for the log and for clients without a
 * translation.
 * - `itemAlreadyExists`: 409 `{ message: 'Item already exists', code, title }` (the title of the
 *   product already in the basket, for the spec's info message);
 * - `invalidItem`: 422 `{ message, code, errors: { product_id: [message] } }` when the request names
 *   neither a product id nor a known sku, or the product is not for sale.
 */
export const basketErrorCodes = { itemAlreadyExists: 'itemAlreadyExists', invalidItem: 'invalidItem', includedInBundle: 'includedInBundle' } as const;

export const itemAlreadyExistsBody = z.object({
  message: z.string(),
  code: z.literal(basketErrorCodes.itemAlreadyExists),
  title: z.string(),
});
export type ItemAlreadyExistsBody = z.infer<typeof itemAlreadyExistsBody>;

export const invalidItemBody = z.object({
  message: z.string(),
  code: z.literal(basketErrorCodes.invalidItem),
  errors: z.record(z.string(), z.array(z.string())),
});
export type InvalidItemBody = z.infer<typeof invalidItemBody>;

/**
 * Issue 16: a single report whose bundle is in the basket is refused like a product already there
 * (409, the report is in the basket already, inside the bundle): `title` is the refused report's,
 * `bundle_title` the bundle's.
 */
export const includedInBundleBody = z.object({
  message: z.string(),
  code: z.literal(basketErrorCodes.includedInBundle),
  title: z.string(),
  bundle_title: z.string(),
});
export type IncludedInBundleBody = z.infer<typeof includedInBundleBody>;

/** Our wording of the basket's refusals (422 on the field named, or the bodies above). */
export const basketRuleMessages = {
  invalidItem: 'This item cannot be added to the basket.',
  itemNotInBasket: 'This product is not in your basket.',
  couponInvalid: 'This discount code is not valid.',
  couponExpired: 'This discount code has expired.',
  /** {date} is the first day it applies, e.g. 'December 1, 2026'. */
  couponNotYetValid: (date: string) => `This discount code can be used from ${date}.`,
  couponUsedUp: 'This discount code has been used up.',
  couponAlreadyUsed: 'You have already used this discount code as often as it allows.',
  /** {amount} is the formatted minimum subtotal, e.g. '€50.00'. */
  couponBelowMinimum: (amount: string) => `This discount code needs a subtotal of at least ${amount}.`,
  couponNeedsItems: 'Add a product to your basket before entering a discount code.',
  /** 422 on product_id: the buyer already owns the report this product grants. */
  reportAlreadyOwned: (title: string) => `You already own this report (${title}); you will find it under Reports.`,
  /** 422 on product_id: the buyer already owns every report of this bundle. */
  bundleAlreadyOwned: (title: string) => `You already own every report in this bundle (${title}); you will find them under Reports.`,
  /** 409 includedInBundle: the report is part of a bundle already in the basket (issue 16). */
  includedInBundle: (title: string, bundleTitle: string) => `${title} is already in your basket as part of ${bundleTitle}.`,
  /** 400 at checkout: a report in the basket was granted meanwhile (another order, another tab). */
  ownedAtCheckout: (title: string) => `You already own ${title}, so nothing was charged. Remove it from your basket to continue.`,
} as const;

export const applyCouponRequest = z.object({
  coupon_code: z.string({ error: validationMessages.discountCodeRequired }).trim().min(1, validationMessages.discountCodeRequired),
});
export type ApplyCouponRequest = z.infer<typeof applyCouponRequest>;

/** `GET /api/products`: the active catalogue. */
export const product = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  description: z.string(),
  summary: z.string(),
  unit_price: cents,
  minimum_quantity: z.number().int().positive(),
  kind: productKind,
  /** The single report this product grants; null for bundles and services. */
  report_type: reportType.nullable(),
  report_types: z.array(reportType),
});
export type Product = z.infer<typeof product>;
export const productList = z.object({ data: z.array(product) });

/** The message of a `country` query value that is not a two-letter country code. */
export const cartCountryMessage = 'Enter a two-letter country code such as FR';

const cartCountry = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, { error: cartCountryMessage }));

/**
 * The pricing country of every cart call (issue 16), so that the basket's answers agree whichever
 * call gave them: `country` is the buyer's choice (priced as `requested`); `region` the browser's
 * region, used only when the account names no country (no saved billing details, no country of
 * birth). Both are two-letter codes, any case.
 */
export const cartPricingQuery = z.object({
  country: cartCountry.optional(),
  region: cartCountry.optional(),
});
export type CartPricingQuery = z.infer<typeof cartPricingQuery>;

/**
 * `GET /api/cart?country=FR` (ours): prices the summary for that billing country (the checkout
 * shows the VAT the order will have). An ISO 3166-1 alpha-2 code, any case; without it the basket
 * is priced for the account's country (saved billing details, else country of birth), else
 * `region`, else the shop's own country: `vat_country` of the answer says which.
 *
 * `vat_number` (ours, optional): a business buyer's VAT number, checked as the checkout checks it;
 * a verified number of another EU country than the seller's prices with the reverse charge and the
 * answer says so in `summary.reverse_charge`. Spaces, dots and dashes are dropped and letters
 * upper-cased; a number that cannot be right is no error here (the basket is priced as for a
 * consumer, `reverse_charge` false): the checkout refuses it under its field.
 */
export const cartQuery = cartPricingQuery.extend({
  vat_number: z
    .string()
    .optional()
    .transform((value) => (value ? value.replace(/[\s.-]/g, '').toUpperCase() || undefined : undefined)),
});
export type CartQuery = z.infer<typeof cartQuery>;
