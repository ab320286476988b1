import { basketRuleMessages } from '@app/contract/basket';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { couponRedemptions } from '../../../db/schema/coupon-redemptions.ts';
import { coupons } from '../../../db/schema/coupons.ts';
import { formatEuros, type Discount } from '../../tax/public.ts';
import type { DatabaseHandle } from '../../../db/database-handle.ts';

// Coupons (issue 5): a code (case-insensitive), percentage or fixed, a validity window, a total and
// a per-user limit, a minimum subtotal, an active flag. A use is held by an order from its
// reservation (inside the order's transaction) and counts for good once the order is paid.

export type CouponRow = typeof coupons.$inferSelect;

/** What decides whether a coupon applies (couponRefusal). */
export type CouponTerms = Pick<CouponRow, 'active' | 'validFrom' | 'validUntil' | 'redeemed' | 'maxRedemptions' | 'maxRedemptionsPerUser' | 'minimumSubtotal'>;

/** The applied coupon as pricing and orders see it. */
export interface CouponRef {
  id: string;
  code: string;
  type: 'percentage' | 'fixed';
  /** Basis points for 'percentage', cents for 'fixed'. */
  value: number;
}

export function toCouponRef(coupon: Pick<CouponRow, 'id' | 'code' | 'type' | 'value'>): CouponRef {
  return { id: coupon.id, code: coupon.code, type: coupon.type === 'percentage' ? 'percentage' : 'fixed', value: coupon.value };
}

export function couponDiscount(coupon: CouponRef): Discount {
  return coupon.type === 'percentage' ? { type: 'percentage', basisPoints: coupon.value } : { type: 'fixed', cents: coupon.value };
}

/** The coupon whose code matches, whatever its letter case (and surrounding spaces). */
export async function findCouponByCode(db: DatabaseHandle, code: string): Promise<CouponRow | undefined> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code.trim()})`)
    .limit(1);
  return coupon;
}

/** How many uses of a coupon one user holds: all (reserved or confirmed), and those only reserved. */
export interface UserCouponUse {
  held: number;
  reserved: number;
}

export async function userCouponUse(db: DatabaseHandle, couponId: string, userId: string): Promise<UserCouponUse> {
  const [row] = await db
    .select({
      held: sql<number>`count(*)::int`,
      reserved: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'reserved')::int`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId), inArray(couponRedemptions.status, ['reserved', 'confirmed'])));
  return { held: row?.held ?? 0, reserved: row?.reserved ?? 0 };
}

export interface CouponCheck {
  at: Date;
  /** Net subtotal of the basket, in cents. */
  subtotal: number;
  /** This user's uses of the coupon. Their own reservations (an order awaiting payment) do not count against them. */
  use: UserCouponUse;
}

/**
 * Why the coupon cannot apply to this basket now, or null when it can. Checked in the order a
 * user can act on: whether the code exists at all, its dates, its limits, then the basket.
 */
export function couponRefusal(coupon: CouponTerms, check: CouponCheck): string | null {
  if (!coupon.active) return basketRuleMessages.couponInvalid;
  if (coupon.validFrom && check.at < coupon.validFrom) return basketRuleMessages.couponNotYetValid(formatDay(coupon.validFrom));
  if (coupon.validUntil && check.at >= coupon.validUntil) return basketRuleMessages.couponExpired;
  // The user's own pending reservation is the use they are about to make, not someone else's.
  const heldByOthers = coupon.redeemed - check.use.reserved;
  if (coupon.maxRedemptions !== null && heldByOthers >= coupon.maxRedemptions) return basketRuleMessages.couponUsedUp;
  if (coupon.maxRedemptionsPerUser !== null && check.use.held - check.use.reserved >= coupon.maxRedemptionsPerUser) {
    return basketRuleMessages.couponAlreadyUsed;
  }
  if (check.subtotal === 0) return basketRuleMessages.couponNeedsItems;
  if (check.subtotal < coupon.minimumSubtotal) return basketRuleMessages.couponBelowMinimum(formatEuros(coupon.minimumSubtotal));
  return null;
}

function formatDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(instant);
}

export interface CouponReservation {
  couponId: string;
  userId: string;
  orderId: string;
  /** The instant the validity window is checked at; defaults to now. */
  at?: Date;
}

/**
 * Holds one use of the coupon for an order, inside the order's transaction. The limits are checked
 * and the use counted by ONE conditional UPDATE (`redeemed < max_redemptions`, the user's held uses
 * below the per-user limit, active, inside its window), so concurrent checkouts can never exceed a
 * limit. Returns false when the coupon cannot be used (the checkout then tells the user).
 *
 * The transaction-scoped advisory lock on (coupon, user) only serialises the same user's
 * concurrent checkouts: the row lock of the UPDATE already orders everyone, but PostgreSQL
 * re-checks a waiting UPDATE's sub-select against its old snapshot, which would let one user's two
 * simultaneous orders both pass the per-user count.
 *
 * Reserving again for an order that already holds a use of this coupon returns true without
 * counting twice. Call in READ COMMITTED (PostgreSQL's default).
 */
export async function reserveCouponRedemption(tx: DatabaseHandle, { couponId, userId, orderId, at = new Date() }: CouponReservation): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`coupon-user:${couponId}:${userId}`}, 0))`);
  const reserved = await tx.execute<{ id: string }>(sql`
    with counted as (
      update ${coupons}
      set redeemed = redeemed + 1, updated_at = now()
      where id = ${couponId}
        and active
        and (valid_from is null or valid_from <= ${at.toISOString()}::timestamptz)
        and (valid_until is null or valid_until > ${at.toISOString()}::timestamptz)
        and (max_redemptions is null or redeemed < max_redemptions)
        and (
          max_redemptions_per_user is null
          or (
            select count(*) from ${couponRedemptions}
            where coupon_id = ${couponId} and user_id = ${userId} and status in ('reserved', 'confirmed')
          ) < max_redemptions_per_user
        )
        and not exists (select 1 from ${couponRedemptions} where order_id = ${orderId})
      returning id
    )
    insert into ${couponRedemptions} (coupon_id, user_id, order_id, status)
    select id, ${userId}, ${orderId}, 'reserved' from counted
    returning id
  `);
  if (reserved.rows.length > 0) return true;
  // Not counted: either a limit refused it, or this order already holds its use.
  const [existing] = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.couponId, couponId), inArray(couponRedemptions.status, ['reserved', 'confirmed'])));
  return existing !== undefined;
}

/**
 * Gives back the use an order reserved (payment failed, order expired). Only a 'reserved' use is
 * released, so calling it twice, or after the order was paid, changes nothing.
 */
export async function releaseCouponRedemption(tx: DatabaseHandle, { orderId }: { orderId: string }): Promise<void> {
  await tx.execute(sql`
    with released as (
      update ${couponRedemptions}
      set status = 'released', released_at = now()
      where order_id = ${orderId} and status = 'reserved'
      returning coupon_id
    )
    update ${coupons}
    set redeemed = redeemed - 1, updated_at = now()
    from released
    where ${coupons.id} = released.coupon_id
  `);
}

/**
 * The order is paid: its reserved use counts for good. If the use had already been released (the
 * order expired, then its payment succeeded after all), it is counted again, even past the limit:
 * the buyer paid the discounted price. Idempotent.
 */
export async function confirmCouponRedemption(tx: DatabaseHandle, { orderId }: { orderId: string }): Promise<void> {
  await tx.execute(sql`
    with previous as (
      select id, coupon_id, status from ${couponRedemptions}
      where order_id = ${orderId} and status in ('reserved', 'released')
      for update
    ),
    confirmed as (
      update ${couponRedemptions} as redemption
      set status = 'confirmed', confirmed_at = now(), released_at = null
      from previous
      where redemption.id = previous.id
      returning previous.coupon_id, previous.status as previous_status
    )
    update ${coupons}
    set redeemed = redeemed + 1, updated_at = now()
    from confirmed
    where ${coupons.id} = confirmed.coupon_id and confirmed.previous_status = 'released'
  `);
}
