import { bundlePrice } from '@app/contract/bundle-pricing';
import type { BasketVatCountry, ProductKind, ReportType } from '@app/contract/basket';
import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { cartItems } from '../../../db/schema/cart-items.ts';
import { carts } from '../../../db/schema/carts.ts';
import { productKindOf, reportTypesOf } from '../catalogue/catalogue-service.ts';
import { couponDiscount, couponRefusal, toCouponRef, type CouponRef, type CouponTerms, type UserCouponUse } from '../coupons/coupons.ts';
import { formatEuros, lineAmount, priceBasketAmounts, vatTreatment } from '../../tax/public.ts';
import { preparedPerHandle } from '../../../db/prepared-per-handle.ts';
import type { DatabaseHandle } from '../../../db/database-handle.ts';
import { checkedRow } from '../../../db/checked-row.ts';

// Pricing a basket (issue 5, "Correctness details"): the basket is re-priced from the current
// catalogue on every change, on every read and before checkout. A price, minimum or availability
// that changed since the last pricing is applied to the stored basket (its unit-price snapshot)
// and the user is told through `notices`; a coupon that no longer applies is taken off, also with
// a notice. The checkout (modules/orders) calls priceBasket inside its order transaction.

/** The seller's country when the caller gives none; config DEFAULT_VAT_COUNTRY has the same default. */
export const fallbackHomeCountry = 'DE';

export interface PricedLine {
  productId: string;
  sku: string;
  title: string;
  description: string;
  summary: string;
  kind: ProductKind;
  /**
   * Net price of one unit, cents: the current catalogue price (also the item's snapshot), less
   * `ownedReduction` for a bundle of which the buyer owns reports (issue 16).
   */
  unitPrice: number;
  /** The current catalogue price of one unit, cents. */
  listPrice: number;
  /** Taken off listPrice for the reports of this bundle the buyer owns (contract bundle-pricing.ts); 0 otherwise. */
  ownedReduction: number;
  /** The bundle's reports the buyer owns; empty for any other line. */
  ownedReportTypes: ReportType[];
  quantity: number;
  minimumQuantity: number;
  /** unitPrice x quantity. */
  lineSubtotal: number;
  /** This line's share of the basket discount (largest remainder: the shares add up exactly). */
  lineDiscount: number;
  /** The single report a report product grants; null for bundles and services. */
  reportType: ReportType | null;
  /** Every report the purchase grants (three for the bundle, none for a service). */
  reportTypes: ReportType[];
}

export interface PricedBasket {
  lines: PricedLine[];
  subtotal: number;
  discountAmount: number;
  discountSubtotal: number;
  vatBasisPoints: number;
  vatCountry: string;
  /** Where vatCountry came from (issue 16: the buyer's country is known before the basket is priced). */
  vatCountrySource: BasketVatCountry['source'];
  vatAmount: number;
  total: number;
  coupon: CouponRef | null;
  /** When the applied coupon applies (pricing changes at either instant); null without a coupon. */
  couponWindow: CouponWindow | null;
  reverseCharge: boolean;
  /** What re-pricing changed, in words for the user; empty when nothing changed. */
  notices: string[];
}

/** When a coupon applies: pricing changes at either instant. */
export interface CouponWindow {
  validFrom: Date | null;
  validUntil: Date | null;
}

export interface PriceBasketOptions {
  /**
   * The buyer's billing country (ISO code) as the caller names it (the checkout's billing country,
   * `?country=`). Absent: the account's country (resolveVatCountry), else `region`, else `homeCountry`.
   */
  countryCode?: string | undefined;
  /** The browser's region, for an account that names no country. */
  region?: string | undefined;
  /** The buyer's VAT number was verified by the configured checker (reverse charge across borders). */
  vatNumberVerified?: boolean;
  /** When the price applies (coupon window, VAT rate); defaults to now. */
  at?: Date;
  /** The seller's EU country, config `defaultVatCountry`; defaults to fallbackHomeCountry. */
  homeCountry?: string;
}

/**
 * Re-prices the user's basket from the current catalogue and returns its lines and totals (all
 * integer cents). Applies what changed to the stored basket. Run it inside the caller's transaction
 * when the result is acted on (checkout); a plain read may pass the database itself.
 */
export async function priceBasket(tx: DatabaseHandle, userId: string, options: PriceBasketOptions = {}): Promise<PricedBasket> {
  const at = options.at ?? new Date();
  const homeCountry = options.homeCountry ?? fallbackHomeCountry;
  const stored = await loadStoredBasket(tx, userId);
  const notices: string[] = [];

  const lines: Array<Omit<PricedLine, 'lineSubtotal' | 'lineDiscount'>> = [];
  const removedProductIds: string[] = [];
  const updatedItems: Array<{ productId: string; unitPrice: number; minimumQuantity: number; quantity: number }> = [];
  for (const { item, product } of stored?.items ?? []) {
    if (!product.active) {
      removedProductIds.push(product.id);
      notices.push(`${product.title} is no longer available and was removed from your basket.`);
      continue;
    }
    const quantity = Math.max(item.quantity, product.minimumQuantity);
    if (product.unitPrice !== item.unitPrice) {
      notices.push(`The price of ${product.title} changed from ${formatEuros(item.unitPrice)} to ${formatEuros(product.unitPrice)}.`);
    }
    if (quantity !== item.quantity) {
      notices.push(`The minimum quantity of ${product.title} is now ${product.minimumQuantity}; your quantity was raised to ${quantity}.`);
    } else if (product.minimumQuantity !== item.minimumQuantity) {
      notices.push(`The minimum quantity of ${product.title} is now ${product.minimumQuantity}.`);
    }
    if (product.unitPrice !== item.unitPrice || product.minimumQuantity !== item.minimumQuantity || quantity !== item.quantity) {
      updatedItems.push({ productId: product.id, unitPrice: product.unitPrice, minimumQuantity: product.minimumQuantity, quantity });
    }
    const reportTypes = reportTypesOf(product.reportTypes);
    // Issue 16: a bundle costs its price less the single reports the buyer owns already.
    const price = productKindOf(product.kind) === 'bundle' ? bundlePrice({ unit_price: product.unitPrice, report_types: reportTypes }, stored?.singles ?? [], stored?.owned ?? []) : null;
    lines.push({
      productId: product.id,
      sku: product.sku,
      title: product.title,
      description: product.description,
      summary: product.summary,
      kind: productKindOf(product.kind),
      unitPrice: price?.unit_price ?? product.unitPrice,
      listPrice: product.unitPrice,
      ownedReduction: price?.owned_reduction ?? 0,
      ownedReportTypes: reportTypesOf(price?.owned_report_types ?? []),
      quantity,
      minimumQuantity: product.minimumQuantity,
      reportType: product.kind === 'report' ? (reportTypes[0] ?? null) : null,
      reportTypes,
    });
  }

  for (const productId of removedProductIds) {
    await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  }
  for (const update of updatedItems) {
    await tx
      .update(cartItems)
      .set({ unitPrice: update.unitPrice, minimumQuantity: update.minimumQuantity, quantity: update.quantity })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, update.productId)));
  }

  const subtotal = lines.reduce((sum, line) => sum + lineAmount(line.unitPrice, line.quantity), 0);
  const storedCoupon = stored?.coupon ?? null;
  let coupon: CouponRef | null = null;
  if (storedCoupon) {
    // An empty basket keeps its coupon (undoing the removal of the last item brings it back).
    const use: UserCouponUse = storedCoupon.use;
    const refusal = lines.length === 0 ? null : couponRefusal(storedCoupon, { at, subtotal, use });
    if (refusal) {
      await tx
        .update(carts)
        .set({ couponId: null, couponCode: null, updatedAt: at })
        .where(and(eq(carts.userId, userId), eq(carts.couponId, storedCoupon.id)));
      notices.push(`The discount code ${storedCoupon.code} no longer applies and was removed. ${refusal}`);
    } else {
      coupon = toCouponRef(storedCoupon);
    }
  }

  const country = resolveVatCountry(options, stored, homeCountry);
  const vat = vatTreatment({
    countryCode: country.code,
    sellerCountry: homeCountry,
    vatNumberVerified: options.vatNumberVerified ?? false,
    at,
  });
  const amounts = priceBasketAmounts(lines, coupon ? couponDiscount(coupon) : null, vat.basisPoints);
  return {
    lines: lines.map((line, index) => ({
      ...line,
      lineSubtotal: amounts.lines[index]?.lineSubtotal ?? 0,
      lineDiscount: amounts.lines[index]?.lineDiscount ?? 0,
    })),
    subtotal: amounts.subtotal,
    discountAmount: amounts.discountAmount,
    discountSubtotal: amounts.discountSubtotal,
    vatBasisPoints: vat.basisPoints,
    vatCountry: vat.country,
    vatCountrySource: country.source,
    vatAmount: amounts.vatAmount,
    total: amounts.total,
    coupon,
    couponWindow: coupon && storedCoupon ? { validFrom: storedCoupon.validFrom, validUntil: storedCoupon.validUntil } : null,
    reverseCharge: vat.reverseCharge,
    notices,
  };
}

/**
 * Issue 16: the country whose VAT prices the basket, first that is known: the one the caller
 * names, the account's saved billing country, its country of birth, the browser's region, the
 * shop's own country (contract vatCountrySources).
 */
function resolveVatCountry(options: PriceBasketOptions, stored: StoredBasket | null, homeCountry: string): BasketVatCountry {
  if (options.countryCode !== undefined) return { code: options.countryCode, source: 'requested' };
  if (stored?.billingCountry) return { code: stored.billingCountry, source: 'billing_details' };
  if (stored?.birthCountry) return { code: stored.birthCountry, source: 'birth_details' };
  if (options.region !== undefined) return { code: options.region, source: 'browser_region' };
  return { code: homeCountry, source: 'shop' };
}

/** Empties the user's basket, coupon included (after a paid order, or "clear basket"). */
export async function clearBasket(tx: DatabaseHandle, userId: string): Promise<void> {
  await tx.execute(sql`delete from carts where user_id = ${userId}`);
}

/** The stored basket as pricing reads it: the coupon with this user's uses of it, and each item with its product. */
interface StoredBasket {
  coupon: (CouponTerms & { id: string; code: string; type: string; value: number; use: UserCouponUse }) | null;
  items: Array<{
    item: { quantity: number; unitPrice: number; minimumQuantity: number };
    product: { id: string; sku: string; kind: string; title: string; description: string; summary: string; unitPrice: number; minimumQuantity: number; reportTypes: string[]; active: boolean };
  }>;
  /** The report types the user has been granted; read only while a bundle is in the basket. */
  owned: string[];
  /** The single reports for sale (their prices reduce a bundle's); read only while a bundle is in the basket. */
  singles: Array<{ kind: string; unit_price: number; report_types: string[] }>;
  /** The account's saved billing country, if any. */
  billingCountry: string | null;
  /** The account's country of birth (ISO code), if known. */
  birthCountry: string | null;
}

/**
 * The row PostgreSQL builds (json_build_object below): snake_case, instants as ISO strings.
 * Checked on every database read (db/checked-row.ts): a key renamed here or in the SQL fails the
 * read instead of pricing a basket with undefined.
 */
const storedBasketRow = z.strictObject({
  coupon: z
    .strictObject({
      id: z.string(),
      code: z.string(),
      type: z.string(),
      value: z.number(),
      valid_from: z.string().nullable(),
      valid_until: z.string().nullable(),
      max_redemptions: z.number().nullable(),
      max_redemptions_per_user: z.number().nullable(),
      redeemed: z.number(),
      minimum_subtotal: z.number(),
      active: z.boolean(),
      held: z.number(),
      reserved: z.number(),
    })
    .nullable(),
  items: z.array(
    z.strictObject({
      product_id: z.string(),
      quantity: z.number(),
      snapshot_price: z.number(),
      snapshot_minimum: z.number(),
      sku: z.string(),
      kind: z.string(),
      title: z.string(),
      description: z.string(),
      summary: z.string(),
      unit_price: z.number(),
      minimum_quantity: z.number(),
      report_types: z.array(z.string()),
      active: z.boolean(),
    }),
  ),
  owned: z.array(z.string()).nullable(),
  singles: z.array(z.strictObject({ kind: z.string(), unit_price: z.number(), report_types: z.array(z.string()) })).nullable(),
  billing_country: z.string().nullable(),
  birth_country: z.string().nullable(),
});

type StoredBasketJson = z.output<typeof storedBasketRow>;

/** The basket statement's name, in errors and in PostgreSQL's prepared statements. */
const basketLoadStatement = 'load_basket_json';

// The whole basket in one row and one JSON column: the coupon (with this user's held and reserved
// uses of it) and the items with their products, in basket order. One column instead of ~36 per
// item row is what makes GET /api/cart cheap in Node (pg builds one parser, Drizzle maps nothing);
// PostgreSQL's work is the same primary-key and index look-ups as a join.
const storedBasketJson = `json_build_object(
  'coupon', (
    select json_build_object(
      'id', k.id, 'code', k.code, 'type', k.type, 'value', k.value,
      'valid_from', k.valid_from, 'valid_until', k.valid_until,
      'max_redemptions', k.max_redemptions, 'max_redemptions_per_user', k.max_redemptions_per_user,
      'redeemed', k.redeemed, 'minimum_subtotal', k.minimum_subtotal, 'active', k.active,
      'held', u.held, 'reserved', u.reserved)
    from coupons k,
      lateral (
        select count(*)::int as held, (count(*) filter (where r.status = 'reserved'))::int as reserved
        from coupon_redemptions r
        where r.coupon_id = k.id and r.user_id = carts.user_id and r.status in ('reserved', 'confirmed')
      ) u
    where k.id = carts.coupon_id),
  'items', coalesce((
    select json_agg(json_build_object(
      'product_id', p.id, 'quantity', i.quantity, 'snapshot_price', i.unit_price, 'snapshot_minimum', i.minimum_quantity,
      'sku', p.sku, 'kind', p.kind, 'title', p.title, 'description', p.description, 'summary', p.summary,
      'unit_price', p.unit_price, 'minimum_quantity', p.minimum_quantity, 'report_types', p.report_types, 'active', p.active)
      order by i.added_at, p.position, p.title)
    from cart_items i join products p on p.id = i.product_id
    where i.user_id = carts.user_id), '[]'::json),
  'owned', case when bundled.has_bundle then (
    select json_agg(distinct g.report_type) from granted_reports g where g.user_id = carts.user_id) end,
  'singles', case when bundled.has_bundle then (
    select json_agg(json_build_object('kind', s.kind, 'unit_price', s.unit_price, 'report_types', s.report_types))
    from products s where s.kind = 'report' and s.active) end,
  'billing_country', (select b.country from billing_details b where b.user_id = carts.user_id),
  'birth_country', (select u.country_code from users u where u.id = carts.user_id))`;

// Issue 16: what a bundle costs depends on the reports the user owns and the singles' prices;
// both are read only for a basket that holds a bundle.
const bundledJoin = `cross join lateral (
  select exists (select 1 from cart_items bi join products bp on bp.id = bi.product_id where bi.user_id = carts.user_id and bp.kind = 'bundle') as has_bundle
) bundled`;

// GET /api/cart runs this on the database handle as a named prepared statement, built once per
// handle (bench/cart). Inside a transaction (a basket change, the checkout) the same text runs as
// a plain query: a Drizzle statement built per transaction costs more than PostgreSQL's planning.
const basketLoad = preparedPerHandle((db: DatabaseHandle) =>
  db
    .select({ basket: sql<unknown>`${sql.raw(storedBasketJson)}` })
    .from(sql`carts ${sql.raw(bundledJoin)}`)
    .where(eq(carts.userId, sql.placeholder('userId')))
    .prepare(basketLoadStatement),
);

async function loadStoredBasket(db: DatabaseHandle, userId: string): Promise<StoredBasket | null> {
  let row: unknown;
  if (db instanceof PgTransaction) {
    const result = await db.execute<{ basket: unknown }>(sql`select ${sql.raw(storedBasketJson)} as basket from carts ${sql.raw(bundledJoin)} where carts.user_id = ${userId}`);
    row = result.rows[0]?.basket;
  } else {
    row = (await basketLoad(db).execute({ userId }))[0]?.basket;
  }
  return row === undefined ? null : toStoredBasket(checkedRow(basketLoadStatement, storedBasketRow, row));
}

function toStoredBasket(row: StoredBasketJson): StoredBasket {
  const { coupon } = row;
  return {
    coupon: coupon
      ? {
          id: coupon.id,
          code: coupon.code,
          type: coupon.type,
          value: coupon.value,
          validFrom: coupon.valid_from === null ? null : new Date(coupon.valid_from),
          validUntil: coupon.valid_until === null ? null : new Date(coupon.valid_until),
          maxRedemptions: coupon.max_redemptions,
          maxRedemptionsPerUser: coupon.max_redemptions_per_user,
          redeemed: coupon.redeemed,
          minimumSubtotal: coupon.minimum_subtotal,
          active: coupon.active,
          use: { held: coupon.held, reserved: coupon.reserved },
        }
      : null,
    items: row.items.map((entry) => ({
      item: { quantity: entry.quantity, unitPrice: entry.snapshot_price, minimumQuantity: entry.snapshot_minimum },
      product: {
        id: entry.product_id,
        sku: entry.sku,
        kind: entry.kind,
        title: entry.title,
        description: entry.description,
        summary: entry.summary,
        unitPrice: entry.unit_price,
        minimumQuantity: entry.minimum_quantity,
        reportTypes: entry.report_types,
        active: entry.active,
      },
    })),
    owned: row.owned ?? [],
    singles: row.singles ?? [],
    billingCountry: row.billing_country,
    birthCountry: row.birth_country,
  };
}
