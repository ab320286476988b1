import type { ProductKind, ReportType } from '@app/contract/cart';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cartItems } from '../../db/schema/cart-items.ts';
import { carts } from '../../db/schema/carts.ts';
import { couponRedemptions } from '../../db/schema/coupon-redemptions.ts';
import { coupons } from '../../db/schema/coupons.ts';
import { products } from '../../db/schema/products.ts';
import { productKindOf, reportTypesOf } from './catalogue-service.ts';
import { couponDiscount, couponRefusal, toCouponRef, type CouponRef, type UserCouponUse } from './coupons.ts';
import { formatEuros, lineAmount, priceBasketAmounts } from './money.ts';
import type { ShopDb } from './shop-db.ts';
import { vatTreatment } from './vat-rates.ts';

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
  /** Net price of one unit, cents (the current catalogue price, now also the item's snapshot). */
  unitPrice: number;
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
  vatAmount: number;
  total: number;
  coupon: CouponRef | null;
  reverseCharge: boolean;
  /** What re-pricing changed, in words for the user; empty when nothing changed. */
  notices: string[];
}

export interface PriceBasketOptions {
  /** The buyer's billing country (ISO code); defaults to `homeCountry`. */
  countryCode?: string;
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
export async function priceBasket(tx: ShopDb, userId: string, options: PriceBasketOptions = {}): Promise<PricedBasket> {
  const at = options.at ?? new Date();
  const homeCountry = options.homeCountry ?? fallbackHomeCountry;
  const rows = await basketRows(tx).execute({ userId });
  const notices: string[] = [];

  const lines: Array<Omit<PricedLine, 'lineSubtotal' | 'lineDiscount'>> = [];
  const removedProductIds: string[] = [];
  const updatedItems: Array<{ productId: string; unitPrice: number; minimumQuantity: number; quantity: number }> = [];
  for (const { item, product } of rows) {
    if (!item || !product) continue;
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
    lines.push({
      productId: product.id,
      sku: product.sku,
      title: product.title,
      description: product.description,
      summary: product.summary,
      kind: productKindOf(product.kind),
      unitPrice: product.unitPrice,
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
  const storedCoupon = rows[0]?.coupon ?? null;
  let coupon: CouponRef | null = null;
  if (storedCoupon) {
    // An empty basket keeps its coupon (undoing the removal of the last item brings it back).
    const use: UserCouponUse = { held: rows[0]?.couponHeld ?? 0, reserved: rows[0]?.couponReserved ?? 0 };
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

  const vat = vatTreatment({
    countryCode: options.countryCode ?? homeCountry,
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
    vatAmount: amounts.vatAmount,
    total: amounts.total,
    coupon,
    reverseCharge: vat.reverseCharge,
    notices,
  };
}

/** Empties the user's basket, coupon included (after a paid order, or "clear basket"). */
export async function clearBasket(tx: ShopDb, userId: string): Promise<void> {
  await tx.delete(carts).where(eq(carts.userId, userId));
}

// Every GET /api/cart runs this one query (the basket, its coupon with this user's uses of it, and
// its items with their products): built once per database handle and run as a named prepared
// statement (bench/cart).
const basketRowQueries = new WeakMap<ShopDb, ReturnType<typeof prepareBasketRows>>();

function basketRows(db: ShopDb) {
  let prepared = basketRowQueries.get(db);
  if (!prepared) {
    prepared = prepareBasketRows(db);
    basketRowQueries.set(db, prepared);
  }
  return prepared;
}

function prepareBasketRows(db: ShopDb) {
  return db
    .select({
      coupon: coupons,
      couponHeld: sql<number>`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponId} = ${carts.couponId} and ${couponRedemptions.userId} = ${carts.userId} and ${couponRedemptions.status} in ('reserved', 'confirmed'))`,
      couponReserved: sql<number>`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponId} = ${carts.couponId} and ${couponRedemptions.userId} = ${carts.userId} and ${couponRedemptions.status} = 'reserved')`,
      item: cartItems,
      product: products,
    })
    .from(carts)
    .leftJoin(coupons, eq(coupons.id, carts.couponId))
    .leftJoin(cartItems, eq(cartItems.userId, carts.userId))
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.addedAt), asc(products.position), asc(products.title))
    .prepare('load_basket');
}
