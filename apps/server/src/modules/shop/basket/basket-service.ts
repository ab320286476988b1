import { basketRuleMessages, type AddCartItemRequest, type Basket, type ReplacedItem } from '@app/contract/basket';
import { basketMessages, validationMessages } from '@app/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/connection.ts';
import type { DatabaseHandle } from '../../../db/database-handle.ts';
import { cartItems } from '../../../db/schema/cart-items.ts';
import { carts } from '../../../db/schema/carts.ts';
import { NotFoundError, ValidationError } from '../../../lib/domain-errors.ts';
import type { BasketCache, PricedAnswer } from './basket-cache.ts';
import { clearBasket, priceBasket, type PriceBasketOptions } from './basket-pricing.ts';
import { toBasket } from './basket-view.ts';
import { alreadyOwnedRefusal, findProductForSale, findProductToAdd, productKindOf, reportTypesOf } from '../catalogue/catalogue-service.ts';
import { couponRefusal, findCouponByCode, userCouponUse } from '../coupons/coupons.ts';
import { isUuid } from '../../../lib/uuid.ts';

// The basket calls of spec section 7 and the rules of section 5. Every change runs in one
// transaction that first locks the user's basket row, so two tabs changing one basket at once are
// applied one after the other; the answer is the basket re-priced inside that transaction.

/** Pricing context of a basket call: the seller's country, the request's instant and the buyer's country. */
export interface BasketContext {
  homeCountry: string;
  at: Date;
  /**
   * The billing country to price for (ISO 3166-1 alpha-2), as the checkout will: the buyer counts
   * as a consumer, since a VAT number is never verified offline. Absent: the account's country
   * (saved billing details, else country of birth), else `region`, else the seller's country.
   * Used for this answer only; nothing about it is stored.
   */
  country?: string | undefined;
  /** The browser's region (`?region=`), for an account that names no country. */
  region?: string | undefined;
  /**
   * GET /api/cart?vat_number= only: what the configured checker said of the buyer's VAT number
   * (true: verified, so a business in another EU country gets the reverse charge). Present, the
   * answer's summary tells `reverse_charge`; absent, no number was named and the buyer is priced
   * as a consumer.
   */
  vatNumberVerified?: boolean | undefined;
}

/** The product is already in the basket (spec 5): answered 409 with its title. */
export class ItemAlreadyExistsError extends Error {
  override name = 'ItemAlreadyExistsError';

  constructor(readonly title: string) {
    super(basketMessages.itemAlreadyExists);
  }
}

/**
 * Issue 16: a single report whose bundle is in the basket (the report is there already, inside
 * the bundle): answered 409 includedInBundle with both titles.
 */
export class IncludedInBundleError extends Error {
  override name = 'IncludedInBundleError';

  constructor(
    readonly title: string,
    readonly bundleTitle: string,
  ) {
    super(basketRuleMessages.includedInBundle(title, bundleTitle));
  }
}

/** Neither a product id nor a known sku (or the product is not for sale): spec 5's invalidItem. */
export class InvalidItemError extends Error {
  override name = 'InvalidItemError';

  constructor() {
    super(basketRuleMessages.invalidItem);
  }
}

function pricing(context: BasketContext): PriceBasketOptions {
  return { homeCountry: context.homeCountry, countryCode: context.country, region: context.region, vatNumberVerified: context.vatNumberVerified ?? false, at: context.at };
}

/**
 * GET /api/cart (optionally `?country=` and `vat_number=`): the basket re-priced, or null when
 * empty. With a cache, a fresh answer to the same read comes from memory (basket-cache.ts).
 */
export async function getBasket(db: Database, userId: string, context: BasketContext, cache?: BasketCache): Promise<Basket | null> {
  const price = async (): Promise<PricedAnswer> => {
    const priced = await priceBasket(db, userId, pricing(context));
    const basket = toBasket(priced);
    if (basket === null || context.vatNumberVerified === undefined) return { priced, basket };
    return { priced, basket: { ...basket, summary: { ...basket.summary, reverse_charge: priced.reverseCharge } } };
  };
  return cache ? cache.read(userId, context, price) : (await price()).basket;
}

/** What POST /api/cart/items answers: the basket, and the single reports an added bundle replaced. */
export interface AddItemResult {
  basket: Basket | null;
  replaced: ReplacedItem[];
}

/**
 * POST /api/cart/items. The quantity defaults to the product's minimum; below it is refused with
 * 'Minimal quantity is {value}' on `quantity`. Issue 16: a bundle and its single reports are never
 * in the basket together: adding a bundle takes its singles out (and says which), and a single
 * report whose bundle is in the basket is refused (IncludedInBundleError).
 */
export async function addItem(db: Database, userId: string, input: AddCartItemRequest, context: BasketContext): Promise<AddItemResult> {
  const product = await findProductToAdd(db, userId, { productId: input.product_id, sku: input.product_id === undefined ? input.sku : undefined });
  if (!product) throw new InvalidItemError();
  // Issue 5: a report the user already owns is not sold again (checkout checks it once more).
  const owned = alreadyOwnedRefusal(product, product.ownedReportTypes);
  if (owned) throw new ValidationError({ product_id: [owned] }, owned);
  const quantity = input.quantity ?? product.minimumQuantity;
  if (quantity < product.minimumQuantity) throw minimalQuantity(product.minimumQuantity);

  return db.transaction(async (tx) => {
    await lockBasket(tx, userId, context.at);
    const grants = `{${reportTypesOf(product.reportTypes).join(',')}}`;
    let replaced: ReplacedItem[] = [];
    if (productKindOf(product.kind) === 'bundle') {
      // The bundle's single reports leave the basket (rolled back with the rest should the bundle
      // be there already).
      const removed = await tx.execute<ReplacedItem>(sql`
        delete from cart_items i using products p
        where i.user_id = ${userId} and p.id = i.product_id and p.kind = 'report'
          and cardinality(p.report_types) > 0 and p.report_types <@ ${grants}::text[]
        returning i.product_id::text as product_id, p.title as product_title, i.quantity`);
      replaced = removed.rows;
    } else if (productKindOf(product.kind) === 'report' && product.reportTypes.length > 0) {
      const bundle = await tx.execute<{ title: string }>(sql`
        select p.title from cart_items i join products p on p.id = i.product_id
        where i.user_id = ${userId} and p.kind = 'bundle' and p.active and p.report_types @> ${grants}::text[]
        limit 1`);
      const bundleTitle = bundle.rows[0]?.title;
      if (bundleTitle !== undefined) throw new IncludedInBundleError(product.title, bundleTitle);
    }
    const inserted = await tx.execute(sql`
      insert into cart_items (user_id, product_id, quantity, unit_price, minimum_quantity, added_at)
      values (${userId}, ${product.id}, ${quantity}, ${product.unitPrice}, ${product.minimumQuantity}, ${context.at})
      on conflict do nothing`);
    if (inserted.rowCount === 0) throw new ItemAlreadyExistsError(product.title);
    return { basket: toBasket(await priceBasket(tx, userId, pricing(context))), replaced };
  });
}

/** PATCH /api/cart/items/{product_id} (ours): a new quantity for a line, not below the product's minimum. */
export async function updateItemQuantity(db: Database, userId: string, productId: string, quantity: number, context: BasketContext): Promise<Basket | null> {
  return db.transaction(async (tx) => {
    if (!isUuid(productId)) throw new NotFoundError(basketRuleMessages.itemNotInBasket);
    await lockBasket(tx, userId, context.at);
    const product = await findProductForSale(tx, { productId });
    const minimum = product?.minimumQuantity ?? 1;
    if (product && quantity < minimum) throw minimalQuantity(minimum);
    const updated = await tx
      .update(cartItems)
      .set({ quantity })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
      .returning({ productId: cartItems.productId });
    if (updated.length === 0) throw new NotFoundError(basketRuleMessages.itemNotInBasket);
    return toBasket(await priceBasket(tx, userId, pricing(context)));
  });
}

/** DELETE /api/cart/items/{product_id}: an item that is not in the basket is no error (spec 5). */
export async function removeItem(db: Database, userId: string, productId: string, context: BasketContext): Promise<Basket | null> {
  return db.transaction(async (tx) => {
    if (isUuid(productId)) {
      await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
    }
    return toBasket(await priceBasket(tx, userId, pricing(context)));
  });
}

/** DELETE /api/cart: items and coupon go. */
export async function emptyBasket(db: Database, userId: string): Promise<void> {
  await clearBasket(db, userId);
}

/**
 * POST /api/cart/coupon. The code is matched case-insensitively; every refusal is a 422 on
 * `coupon_code` whose message says why (unknown, not yet valid, expired, used up, already used by
 * this user, empty basket, subtotal below the minimum). A new code replaces the applied one.
 */
export async function applyCoupon(db: Database, userId: string, code: string, context: BasketContext): Promise<Basket | null> {
  return db.transaction(async (tx) => {
    await lockBasket(tx, userId, context.at);
    const coupon = await findCouponByCode(tx, code);
    if (!coupon) throw couponRefused(basketRuleMessages.couponInvalid);
    const before = await priceBasket(tx, userId, pricing(context));
    const use = await userCouponUse(tx, coupon.id, userId);
    const refusal = couponRefusal(coupon, { at: context.at, subtotal: before.subtotal, use });
    if (refusal) throw couponRefused(refusal);
    await tx.update(carts).set({ couponId: coupon.id, couponCode: coupon.code, updatedAt: context.at }).where(eq(carts.userId, userId));
    const after = await priceBasket(tx, userId, pricing(context));
    return toBasket({ ...after, notices: [...before.notices, ...after.notices] });
  });
}

/** DELETE /api/cart/coupon: removing a coupon when none is applied does nothing (spec 5). */
export async function removeCoupon(db: Database, userId: string, context: BasketContext): Promise<Basket | null> {
  return db.transaction(async (tx) => {
    await tx.update(carts).set({ couponId: null, couponCode: null, updatedAt: context.at }).where(eq(carts.userId, userId));
    return toBasket(await priceBasket(tx, userId, pricing(context)));
  });
}

/** Creates the user's basket row if needed and locks it until the transaction ends. */
async function lockBasket(tx: DatabaseHandle, userId: string, at: Date): Promise<void> {
  // Plain statements: a Drizzle builder costs more Node time than the round trip (bench/checkout).
  await tx.execute(sql`insert into carts (user_id, updated_at) values (${userId}, ${at}) on conflict do nothing`);
  await tx.execute(sql`select 1 from carts where user_id = ${userId} for update`);
}

function minimalQuantity(minimum: number): ValidationError {
  return new ValidationError({ quantity: [validationMessages.minimalQuantity(minimum)] }, validationMessages.minimalQuantity(minimum));
}

function couponRefused(message: string): ValidationError {
  return new ValidationError({ coupon_code: [message] }, message);
}
