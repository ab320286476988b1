import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, givenCoupon, seededSkus } from '../../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { connectDatabase, type DatabaseConnection } from '../../../db/connection.ts';
import { carts } from '../../../db/schema/carts.ts';
import { couponRedemptions } from '../../../db/schema/coupon-redemptions.ts';
import { coupons } from '../../../db/schema/coupons.ts';
import { clearBasket, priceBasket } from '../basket/basket-pricing.ts';
import { confirmCouponRedemption, releaseCouponRedemption, reserveCouponRedemption } from './coupons.ts';

// The functions the checkout (modules/orders) calls inside its order transaction: coupon
// reservations under concurrency, and priceBasket's answer.
let t: TestApp;
// A pool wide enough for 20 transactions to really run at once.
let wide: DatabaseConnection;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  wide = connectDatabase(t.databaseUrl, { max: 25 });
});
afterAll(async () => {
  await wide.pool.end();
  await t.close();
});

async function redeemed(couponId: string): Promise<number> {
  const [row] = await t.db.select({ redeemed: coupons.redeemed }).from(coupons).where(eq(coupons.id, couponId));
  return row?.redeemed ?? -1;
}

async function registerUsers(count: number): Promise<RegisteredUser[]> {
  const users: RegisteredUser[] = [];
  for (let index = 0; index < count; index += 1) users.push(await registerUser(t));
  return users;
}

/** Each call in its own transaction, all started together; each transaction holds its reservation a moment before committing. */
function raceReservations(calls: Array<{ couponId: string; userId: string; orderId: string }>): Promise<boolean[]> {
  return Promise.all(
    calls.map((call) =>
      wide.db.transaction(async (tx) => {
        const reserved = await reserveCouponRedemption(tx, call);
        // The order transaction goes on (order lines, the charge request) while holding its reservation.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return reserved;
      }),
    ),
  );
}

describe('reserveCouponRedemption under concurrency', () => {
  it('gives exactly 5 of 20 racing users a coupon with 5 uses left', async () => {
    const coupon = await givenCoupon(t, { code: 'RACE5', percent: '10', maxUses: '25' });
    // 20 of its 25 uses are already held by paid orders.
    await t.db.update(coupons).set({ redeemed: 20 }).where(eq(coupons.id, coupon.id));
    const users = await registerUsers(20);
    const results = await raceReservations(users.map((user) => ({ couponId: coupon.id, userId: user.account.id, orderId: randomUUID() })));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await redeemed(coupon.id)).toBe(25);
    const rows = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.status === 'reserved')).toBe(true);
  });

  it('lets one user hold a once-per-user coupon once, however many checkouts race', async () => {
    const coupon = await givenCoupon(t, { code: 'ONLYONCE', amount: '5', maxUsesPerUser: '1' });
    const [user] = await registerUsers(1);
    if (!user) throw new Error('no user');
    const results = await raceReservations(Array.from({ length: 10 }, () => ({ couponId: coupon.id, userId: user.account.id, orderId: randomUUID() })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await redeemed(coupon.id)).toBe(1);
  });
});

describe('reserve, release and confirm', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(t);
  });

  it('gives a use back when the order fails, and only once', async () => {
    const coupon = await givenCoupon(t, { code: 'GIVEBACK', percent: '10', maxUses: '1' });
    const orderId = randomUUID();
    expect(await t.db.transaction((tx) => reserveCouponRedemption(tx, { couponId: coupon.id, userId: user.account.id, orderId }))).toBe(true);
    // The only use is held: another order cannot have it.
    expect(await t.db.transaction((tx) => reserveCouponRedemption(tx, { couponId: coupon.id, userId: user.account.id, orderId: randomUUID() }))).toBe(false);
    await t.db.transaction((tx) => releaseCouponRedemption(tx, { orderId }));
    await t.db.transaction((tx) => releaseCouponRedemption(tx, { orderId }));
    expect(await redeemed(coupon.id)).toBe(0);
    expect(await t.db.transaction((tx) => reserveCouponRedemption(tx, { couponId: coupon.id, userId: user.account.id, orderId: randomUUID() }))).toBe(true);
  });

  it('counts a paid order’s use for good: confirming twice or releasing afterwards changes nothing', async () => {
    const coupon = await givenCoupon(t, { code: 'KEEPIT', percent: '10' });
    const orderId = randomUUID();
    await t.db.transaction(async (tx) => {
      expect(await reserveCouponRedemption(tx, { couponId: coupon.id, userId: user.account.id, orderId })).toBe(true);
      // Reserving again for the same order does not count twice.
      expect(await reserveCouponRedemption(tx, { couponId: coupon.id, userId: user.account.id, orderId })).toBe(true);
    });
    await t.db.transaction((tx) => confirmCouponRedemption(tx, { orderId }));
    await t.db.transaction((tx) => confirmCouponRedemption(tx, { orderId }));
    await t.db.transaction((tx) => releaseCouponRedemption(tx, { orderId }));
    expect(await redeemed(coupon.id)).toBe(1);
    const [row] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
    expect(row?.status).toBe('confirmed');
  });

  it('counts a use again when an expired order’s payment succeeds after all', async () => {
    const coupon = await givenCoupon(t, { code: 'LATEPAY', percent: '10' });
    const orderId = randomUUID();
    await t.db.transaction((tx) => reserveCouponRedemption(tx, { couponId: coupon.id, userId: user.account.id, orderId }));
    await t.db.transaction((tx) => releaseCouponRedemption(tx, { orderId }));
    expect(await redeemed(coupon.id)).toBe(0);
    await t.db.transaction((tx) => confirmCouponRedemption(tx, { orderId }));
    expect(await redeemed(coupon.id)).toBe(1);
  });

  it('refuses an inactive, expired or not yet valid coupon', async () => {
    const inactive = await givenCoupon(t, { code: 'OFFNOW', percent: '10' });
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.id, inactive.id));
    const expired = await givenCoupon(t, { code: 'WASVALID', percent: '10', until: '2021-01-01' });
    const future = await givenCoupon(t, { code: 'NOTYET', percent: '10', from: '2099-01-01' });
    for (const coupon of [inactive, expired, future]) {
      expect(await t.db.transaction((tx) => reserveCouponRedemption(tx, { couponId: coupon.id, userId: user.account.id, orderId: randomUUID() }))).toBe(false);
    }
  });
});

describe('priceBasket (the checkout’s view of the basket)', () => {
  it('prices lines with their discount shares, VAT by the billing country and the reverse charge', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.big5);
    await addToBasket(t, user, seededSkus.environment);
    await addToBasket(t, user, seededSkus.cultureAnalysis);
    const coupon = await givenCoupon(t, { code: 'THIRD', percent: '33.33' });
    await t.db.update(carts).set({ couponId: coupon.id, couponCode: coupon.code }).where(eq(carts.userId, user.account.id));

    const consumer = await t.db.transaction((tx) => priceBasket(tx, user.account.id, { countryCode: 'FR', homeCountry: 'DE' }));
    // 29.00 + 19.00 + 5 x 15.00 = 123.00; 33.33 % = 40.9959 -> 41.00; 82.00 x 20 % = 16.40.
    expect(consumer).toMatchObject({
      subtotal: 12_300,
      discountAmount: 4100,
      discountSubtotal: 8200,
      vatBasisPoints: 2000,
      vatCountry: 'FR',
      vatAmount: 1640,
      total: 9840,
      reverseCharge: false,
      coupon: { id: coupon.id, code: 'THIRD', type: 'percentage', value: 3333 },
      notices: [],
    });
    expect(consumer.lines.map((line) => [line.sku, line.lineSubtotal, line.lineDiscount, line.reportTypes])).toEqual([
      ['REPORT-BIG5', 2900, 967, ['big5']],
      ['REPORT-ENVIRONMENT', 1900, 633, ['environment']],
      ['SERVICE-CULTURE-FIT', 7500, 2500, []],
    ]);
    expect(consumer.lines.reduce((sum, line) => sum + line.lineDiscount, 0)).toBe(consumer.discountAmount);

    const business = await t.db.transaction((tx) => priceBasket(tx, user.account.id, { countryCode: 'FR', vatNumberVerified: true, homeCountry: 'DE' }));
    expect(business).toMatchObject({ vatBasisPoints: 0, vatAmount: 0, total: 8200, reverseCharge: true, vatCountry: 'FR' });

    await t.db.transaction((tx) => clearBasket(tx, user.account.id));
    const cleared = await priceBasket(t.db, user.account.id);
    expect(cleared).toMatchObject({ lines: [], subtotal: 0, total: 0, coupon: null });
  });
});

describe('re-pricing while a checkout holds the coupon', () => {
  it('keeps the coupon for the buyer whose order holds its last use, and takes it from everyone else', async () => {
    const coupon = await givenCoupon(t, { code: 'LASTONE', percent: '10', maxUses: '1' });
    const buyer = await registerUser(t);
    const other = await registerUser(t);
    for (const user of [buyer, other]) {
      await addToBasket(t, user, seededSkus.values);
      await t.db.update(carts).set({ couponId: coupon.id, couponCode: coupon.code }).where(eq(carts.userId, user.account.id));
    }
    // The buyer's checkout reserved the only use; the payment is still pending.
    await t.db.transaction((tx) => reserveCouponRedemption(tx, { couponId: coupon.id, userId: buyer.account.id, orderId: randomUUID() }));

    const buyersBasket = await priceBasket(t.db, buyer.account.id);
    expect(buyersBasket.coupon?.code).toBe('LASTONE');
    expect(buyersBasket.notices).toEqual([]);

    const othersBasket = await priceBasket(t.db, other.account.id);
    expect(othersBasket.coupon).toBeNull();
    expect(othersBasket.notices).toEqual(['The discount code LASTONE no longer applies and was removed. This discount code has been used up.']);
  });
});
