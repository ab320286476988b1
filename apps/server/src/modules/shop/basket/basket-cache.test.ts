import { accountApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { basketEnvelope, basketRuleMessages, type Basket } from '@app/contract/basket';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { billingDetails } from '../../../db/schema/billing-details.ts';
import { cartItems } from '../../../db/schema/cart-items.ts';
import { coupons } from '../../../db/schema/coupons.ts';
import { grantedReports } from '../../../db/schema/granted-reports.ts';
import { products } from '../../../db/schema/products.ts';
import { users } from '../../../db/schema/users.ts';
import { ManualClock } from '../../../lib/clock.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { applyCoupon, checkout, checkoutBody, card, createCoupon, postOrderConfirmation, productIdBySku, testCards } from '../../../../test/checkout-helpers.ts';
import { addToBasket, cartCall, givenCoupon, seededSkus } from '../../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { eventually } from '../../../../test/eventually.ts';
import { startSecondInstance, waitUntilCachesLive, type SecondInstance } from '../../../../test/second-instance.ts';
import { BasketCache, basketKey, nextVatRateChange, priceFixedUntil, type PricedAnswer } from './basket-cache.ts';
import type { PricedBasket } from './basket-pricing.ts';
import type { BasketContext } from './basket-service.ts';
import { describeCacheSources } from '../../../../test/cache-sources.ts';
import { basketCacheSources } from './basket-changes.ts';

// The basket cache (basket-cache.ts): its rules on their own, then in the app with a long time to
// live (60 s), so that only its invalidation can make an answer change.

const start = new Date('2026-11-21T12:00:00Z');
const home = { homeCountry: 'DE', at: start };

/** A re-priced basket of one 29.00 report, with what re-pricing changed. */
function answerOf(notices: string[] = [], title = 'BIG5 personality report'): PricedAnswer {
  const priced: PricedBasket = {
    lines: [
      {
        productId: '00000000-0000-4000-8000-000000000001',
        sku: 'REPORT-BIG5',
        title,
        description: 'd',
        summary: 's',
        kind: 'report',
        unitPrice: 2900,
        listPrice: 2900,
        ownedReduction: 0,
        ownedReportTypes: [],
        quantity: 1,
        minimumQuantity: 1,
        lineSubtotal: 2900,
        lineDiscount: 0,
        reportType: 'big5',
        reportTypes: ['big5'],
      },
    ],
    subtotal: 2900,
    discountAmount: 0,
    discountSubtotal: 2900,
    vatBasisPoints: 1900,
    vatCountry: 'DE',
    vatCountrySource: 'shop',
    vatAmount: 551,
    total: 3451,
    coupon: null,
    couponWindow: null,
    reverseCharge: false,
    notices,
  };
  const basket: Basket = {
    items: [itemOf(title)],
    summary: { subtotal: 2900, vat_amount: 551, vat_percentage: 19, discount_amount: 0, discount_subtotal: 2900, total: 3451 },
    coupon: null,
    coupon_code: null,
    notices,
    vat_country: { code: 'DE', source: 'shop' },
  };
  return { priced, basket };
}

function itemOf(title: string): Basket['items'][number] {
  return {
    product_id: '00000000-0000-4000-8000-000000000001',
    product_sku: 'REPORT-BIG5',
    product_title: title,
    product_description: 'd',
    product_summary: 's',
    unit_price: 2900,
    quantity: 1,
    minimum_quantity: 1,
    total_price: 2900,
    report_type: 'big5',
    report_types: ['big5'],
    list_price: 2900,
    owned_reduction: 0,
    owned_report_types: [],
  };
}

/** The same basket with a coupon applied (only its id matters to the cache). */
function answerWithCoupon(couponId: string): PricedAnswer {
  const { priced, basket } = answerOf();
  return { priced: { ...priced, coupon: { id: couponId, code: 'SAVE10', type: 'percentage', value: 1000 } }, basket };
}

/** A price function that counts how often the database would have been read. */
function counted(answer: () => PricedAnswer): { price: () => Promise<PricedAnswer>; reads: () => number } {
  let reads = 0;
  return {
    price: async () => {
      reads += 1;
      return answer();
    },
    reads: () => reads,
  };
}

/** GET /api/cart on an instance: the basket, or null for 204. */
async function basketOn(app: App, user: RegisteredUser, query = ''): Promise<Basket | null> {
  const response = await app.inject({ method: 'GET', url: `${shopApiPaths.cart}${query}`, headers: user.authHeaders });
  if (response.statusCode === 204) return null;
  expect(response.statusCode).toBe(200);
  return basketEnvelope.parse(response.json()).data;
}

/**
 * Runs `body` with the notifications of the basket tables switched off, so that only the
 * instance's own eviction (the hook on the caller's requests) or time can change its answers.
 */
async function withoutBasketNotifications(t: TestApp, body: () => Promise<void>): Promise<void> {
  await t.db.execute(sql`alter table carts disable trigger carts_basket_change`);
  await t.db.execute(sql`alter table cart_items disable trigger cart_items_basket_change`);
  try {
    await body();
  } finally {
    await t.db.execute(sql`alter table carts enable trigger carts_basket_change`);
    await t.db.execute(sql`alter table cart_items enable trigger cart_items_basket_change`);
  }
}

const cachedEnv = { BASKET_CACHE_TTL_MS: '60000' };

describe('pricing changes by time alone', () => {
  it("finds a country's next VAT rate change, and none outside the EU or past the last change", () => {
    // Estonia: 22 % from 2024-01-01, 24 % from 2025-07-01.
    expect(nextVatRateChange('EE', new Date('2025-06-30T23:59:59Z'))).toEqual(new Date('2025-07-01T00:00:00Z'));
    expect(nextVatRateChange('ee', new Date('2024-03-01T00:00:00Z'))).toEqual(new Date('2025-07-01T00:00:00Z'));
    expect(nextVatRateChange('EE', new Date('2025-07-01T00:00:00Z'))).toBeUndefined();
    expect(nextVatRateChange('US', start)).toBeUndefined();
  });

  it("holds a price until the coupon's start or end of validity, or the next VAT change, whichever comes first", () => {
    const inAMinute = new Date(start.getTime() + 60_000);
    const inAnHour = new Date(start.getTime() + 3_600_000);
    expect(priceFixedUntil(start, 'DE', null)).toBe(Number.POSITIVE_INFINITY);
    expect(priceFixedUntil(start, 'DE', { validFrom: null, validUntil: inAnHour })).toBe(inAnHour.getTime());
    expect(priceFixedUntil(start, 'DE', { validFrom: inAMinute, validUntil: inAnHour })).toBe(inAMinute.getTime());
    // Instants already past were applied by this pricing.
    expect(priceFixedUntil(start, 'DE', { validFrom: new Date(0), validUntil: start })).toBe(Number.POSITIVE_INFINITY);
    const beforeEstonianChange = new Date('2025-06-30T12:00:00Z');
    expect(priceFixedUntil(beforeEstonianChange, 'EE', { validFrom: null, validUntil: new Date('2025-07-02T00:00:00Z') })).toBe(Date.parse('2025-07-01T00:00:00Z'));
  });

  it('keys a read by user and billing country, else by the browser region standing in for the account’s country, and refuses a read with any other pricing input', () => {
    expect(basketKey('u1', home)).toBe('u1 account -');
    expect(basketKey('u1', { ...home, region: 'fr' })).toBe('u1 account FR');
    expect(basketKey('u1', { ...home, country: 'FR' })).toBe('u1 FR');
    expect(basketKey('u1', { ...home, country: 'FR', region: 'IT' })).toBe('u1 FR');
    // The account's own country may be another than DE: without a country, its own entry.
    expect(basketKey('u1', { ...home, country: 'DE' })).not.toBe(basketKey('u1', home));
    const withVatNumber: BasketContext = { ...home, country: 'FR', vatNumberVerified: false };
    expect(basketKey('u1', withVatNumber)).toBeUndefined();
    const withoutVatNumber: BasketContext = { ...home, vatNumberVerified: undefined };
    expect(basketKey('u1', withoutVatNumber)).toBe('u1 account -');
  });
});

describe('BasketCache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterAll(() => t.close());

  function liveCache(clock: ManualClock, ttlMs = 2_000): BasketCache {
    const cache = new BasketCache({ ttlMs, clock });
    cache.setLive(true);
    return cache;
  }

  it('answers a clean read from memory until its time to live is over', async () => {
    const clock = new ManualClock(start);
    const cache = liveCache(clock);
    const read = counted(() => answerOf());
    expect(await cache.read('u1', home, read.price)).toEqual(answerOf().basket);
    clock.advanceBy(1_999);
    expect(await cache.read('u1', home, read.price)).toEqual(answerOf().basket);
    expect(read.reads()).toBe(1);
    clock.advanceBy(1);
    await cache.read('u1', home, read.price);
    expect(read.reads()).toBe(2);
  });

  it('keeps an empty basket too (204), apart from a missing entry', async () => {
    const cache = liveCache(new ManualClock(start));
    const read = counted(() => ({ ...answerOf(), basket: null }));
    expect(await cache.read('u1', home, read.price)).toBeNull();
    expect(await cache.read('u1', home, read.price)).toBeNull();
    expect(read.reads()).toBe(1);
  });

  it('does not keep a read whose re-pricing changed something: the next read is clean', async () => {
    const cache = liveCache(new ManualClock(start));
    const notices = ['The price of BIG5 personality report changed from €25.00 to €29.00.'];
    const changed = counted(() => answerOf(notices));
    expect((await cache.read('u1', home, changed.price))?.notices).toEqual(notices);
    expect(cache.size).toBe(0);
    await cache.read('u1', home, changed.price);
    expect(changed.reads()).toBe(2);
  });

  it('keeps one answer per billing country, and never one for a read with a VAT number', async () => {
    const cache = liveCache(new ManualClock(start));
    const read = counted(() => answerOf());
    await cache.read('u1', home, read.price);
    await cache.read('u1', { ...home, country: 'FR' }, read.price);
    await cache.read('u1', { ...home, country: 'FR' }, read.price);
    expect(read.reads()).toBe(2);
    const withVatNumber: BasketContext = { ...home, country: 'FR', vatNumberVerified: true };
    await cache.read('u1', withVatNumber, read.price);
    await cache.read('u1', withVatNumber, read.price);
    expect(read.reads()).toBe(4);
    expect(cache.size).toBe(2);
  });

  it("forgets every basket of a user when that user changes, and only theirs; '*' forgets all", async () => {
    const cache = liveCache(new ManualClock(start));
    const read = counted(() => answerOf());
    await cache.read('u1', home, read.price);
    await cache.read('u1', { ...home, country: 'FR' }, read.price);
    await cache.read('u2', home, read.price);
    cache.evictUser('u1');
    expect(cache.size).toBe(1);
    await cache.read('u2', home, read.price);
    expect(read.reads()).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that started before its user changed', async () => {
    const cache = liveCache(new ManualClock(start));
    // The user's change lands (and evicts them) while their basket is being read.
    const racing = counted(() => {
      cache.evictUser('u1');
      return answerOf([], 'Old title');
    });
    await cache.read('u1', home, racing.price);
    expect(cache.size).toBe(0);
    // Another user's change does not hold back this one's read.
    const clean = counted(() => {
      cache.evictUser('u2');
      return answerOf([], 'New title');
    });
    await cache.read('u1', home, clean.price);
    expect(cache.size).toBe(1);
  });

  it("forgets only the baskets holding a coupon when the coupon changes, whoever's they are", async () => {
    const cache = liveCache(new ManualClock(start));
    const withCoupon = counted(() => answerWithCoupon('coupon-1'));
    const withOther = counted(() => answerWithCoupon('coupon-2'));
    const without = counted(() => answerOf());
    await cache.read('u1', home, withCoupon.price);
    await cache.read('u1', { ...home, country: 'FR' }, withCoupon.price);
    await cache.read('u2', home, withCoupon.price);
    await cache.read('u3', home, withOther.price);
    await cache.read('u4', home, without.price);
    expect(cache.size).toBe(5);
    cache.evictCoupon('coupon-1');
    expect(cache.size).toBe(2);
    await cache.read('u3', home, withOther.price);
    await cache.read('u4', home, without.price);
    expect(withOther.reads() + without.reads()).toBe(2);
    await cache.read('u1', home, withCoupon.price);
    expect(withCoupon.reads()).toBe(4);
    // Evicting the user still forgets a basket tagged with a coupon, and the coupon's tag with it.
    cache.evictUser('u1');
    cache.evictCoupon('coupon-1');
    expect(cache.size).toBe(2);
  });

  it('does not keep a read that started before the coupon it holds changed', async () => {
    const cache = liveCache(new ManualClock(start));
    const racing = counted(() => {
      cache.evictCoupon('coupon-1');
      return answerWithCoupon('coupon-1');
    });
    await cache.read('u1', home, racing.price);
    expect(cache.size).toBe(0);
    // Another coupon's change does not hold it back.
    const clean = counted(() => {
      cache.evictCoupon('coupon-2');
      return answerWithCoupon('coupon-1');
    });
    await cache.read('u1', home, clean.price);
    expect(cache.size).toBe(1);
  });

  it('serves and keeps nothing while its invalidation is not connected, nor a read that started before a break', async () => {
    const cache = new BasketCache({ ttlMs: 2_000, clock: new ManualClock(start) });
    const read = counted(() => answerOf());
    await cache.read('u1', home, read.price);
    await cache.read('u1', home, read.price);
    expect(read.reads()).toBe(2);
    cache.setLive(true);
    const interrupted = counted(() => {
      cache.setLive(false);
      cache.setLive(true);
      return answerOf();
    });
    await cache.read('u1', home, interrupted.price);
    expect(cache.size).toBe(0);
    await cache.read('u1', home, read.price);
    expect(cache.size).toBe(1);
    cache.setLive(false);
    expect(cache.size).toBe(0);
  });

  it('is off with a time to live of 0', async () => {
    const cache = liveCache(new ManualClock(start), 0);
    const read = counted(() => answerOf());
    await cache.read('u1', home, read.price);
    await cache.read('u1', home, read.price);
    expect(cache.enabled).toBe(false);
    expect(read.reads()).toBe(2);
  });
});

describe('the basket cache in the app (a long time to live, so that only invalidation can refresh it)', () => {
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let other: SecondInstance;

  beforeAll(async () => {
    t = await createTestApp({ env: cachedEnv, jobs: false });
    other = await startSecondInstance(t);
    await Promise.all([waitUntilCachesLive(t.app), waitUntilCachesLive(other.app)]);
  });

  afterAll(async () => {
    await other.close();
    await t.close();
  });

  /** A user with the BIG5 report in their basket, read (and so held) by both instances. */
  async function buyerSeenByBoth(): Promise<RegisteredUser> {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.big5);
    expect((await basketOn(t.app, user))?.items).toHaveLength(1);
    expect((await basketOn(other.app, user))?.items).toHaveLength(1);
    return user;
  }

  it("shows the caller's own changes on their very next read, without waiting for the notification", async () => {
    const user = await registerUser(t);
    expect(await basketOn(t.app, user)).toBeNull();
    const coupon = await createCoupon(t);
    const big5 = await productIdBySku(t, seededSkus.big5);
    await withoutBasketNotifications(t, async () => {
      await addToBasket(t, user, seededSkus.big5);
      expect((await basketOn(t.app, user))?.items.map((line) => line.product_sku)).toEqual(['REPORT-BIG5']);

      await applyCoupon(t, user, coupon.code);
      expect((await basketOn(t.app, user))?.coupon_code).toBe(coupon.code);

      const removed = await cartCall(t, user, { method: 'DELETE', url: shopApiPaths.cartItem(big5) });
      expect(removed.statusCode).toBe(204);
      expect(await basketOn(t.app, user)).toBeNull();
    });
  });

  it("forgets the caller's baskets on any request of theirs that may write, not only the cart calls", async () => {
    const user = await registerUser(t);
    await withoutBasketNotifications(t, async () => {
      await addToBasket(t, user, seededSkus.big5);
      expect((await basketOn(t.app, user))?.items).toHaveLength(1);
      await t.db.delete(cartItems).where(eq(cartItems.userId, user.account.id));
      // Unannounced, the deletion is not seen: the answer comes from memory.
      expect((await basketOn(t.app, user))?.items).toHaveLength(1);
      const patched = await t.app.inject({ method: 'PATCH', url: accountApiPaths.profile, headers: user.headersWithCsrf, payload: { name: 'Ada King', email: user.email, locale: 'en' } });
      expect(patched.statusCode).toBe(200);
      expect(await basketOn(t.app, user)).toBeNull();
    });
  });

  it('holds an answer per billing country, and answers a read with a VAT number from the database', async () => {
    const user = await registerUser(t);
    await withoutBasketNotifications(t, async () => {
      await addToBasket(t, user, seededSkus.big5);
      expect((await basketOn(t.app, user, '?country=FR'))?.summary.vat_percentage).toBe(20);
      expect((await basketOn(t.app, user))?.summary.vat_percentage).toBe(19);
      await t.db.delete(cartItems).where(eq(cartItems.userId, user.account.id));
      expect((await basketOn(t.app, user, '?country=FR'))?.summary.vat_percentage).toBe(20);
      expect((await basketOn(t.app, user))?.summary.vat_percentage).toBe(19);
      expect(await basketOn(t.app, user, '?country=FR&vat_number=FR40303265045')).toBeNull();
    });
  });

  it("shows a product's new price, made by SQL, on both instances within moments", async () => {
    const user = await buyerSeenByBoth();
    await t.db.update(products).set({ unitPrice: 3100 }).where(eq(products.sku, seededSkus.big5));
    try {
      await eventually(async () => {
        expect((await basketOn(t.app, user))?.items[0]?.unit_price).toBe(3100);
        expect((await basketOn(other.app, user))?.items[0]?.unit_price).toBe(3100);
      });
    } finally {
      await t.db.update(products).set({ unitPrice: 2900 }).where(eq(products.sku, seededSkus.big5));
    }
  });

  it('takes off a coupon deactivated by SQL on both instances within moments', async () => {
    const user = await buyerSeenByBoth();
    const coupon = await createCoupon(t);
    await applyCoupon(t, user, coupon.code);
    // The other instance learns of the coupon through the notification, moments later.
    await eventually(async () => {
      expect((await basketOn(other.app, user))?.coupon_code).toBe(coupon.code);
    });
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.id, coupon.id));
    await eventually(async () => {
      expect((await basketOn(t.app, user))?.coupon_code ?? null).toBeNull();
      expect((await basketOn(other.app, user))?.coupon_code ?? null).toBeNull();
    });
  });

  it("forgets only the baskets that hold a coupon when another buyer's checkout uses it, on both instances", async () => {
    const coupon = await createCoupon(t, { maxRedemptions: 1 });
    const holder = await buyerSeenByBoth();
    await applyCoupon(t, holder, coupon.code);
    await eventually(async () => {
      expect((await basketOn(other.app, holder))?.coupon_code).toBe(coupon.code);
    });
    const bystander = await buyerSeenByBoth();
    // Once the notifications of filling it are in, the bystander's basket is held by both, and
    // emptied unannounced: it shows as it was for as long as it is held.
    await Promise.all([t.changesSettled(), other.changesSettled()]);
    expect((await basketOn(t.app, bystander))?.items).toHaveLength(1);
    expect((await basketOn(other.app, bystander))?.items).toHaveLength(1);
    await withoutBasketNotifications(t, async () => {
      await t.db.delete(cartItems).where(eq(cartItems.userId, bystander.account.id));
    });

    const buyer = await registerUser(t);
    await addToBasket(t, buyer, seededSkus.big5);
    await applyCoupon(t, buyer, coupon.code);
    expect((await checkout(t, buyer)).status).toBe('paid');
    // The coupon's one use is taken: the holder's basket drops it on both instances...
    await eventually(async () => {
      expect((await basketOn(t.app, holder))?.coupon_code ?? null).toBeNull();
      expect((await basketOn(other.app, holder))?.coupon_code ?? null).toBeNull();
    });
    await Promise.all([t.changesSettled(), other.changesSettled()]);
    // ...while the bystander's held answers were not dropped with it (a '*' would have).
    expect((await basketOn(t.app, bystander))?.items).toHaveLength(1);
    expect((await basketOn(other.app, bystander))?.items).toHaveLength(1);
  });

  it('prices a held bundle again on both instances within moments when a cheaper single of an owned report is added by SQL', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.bundle);
    const donor = await registerUser(t);
    await addToBasket(t, donor, seededSkus.teamProfiles, 3);
    const order = await checkout(t, donor);
    await t.db.insert(grantedReports).values({ userId: user.account.id, orderId: order.order.id, reportType: 'big5' });
    await eventually(async () => {
      expect((await basketOn(t.app, user))?.items[0]).toMatchObject({ unit_price: 2500, owned_reduction: 2900 });
      expect((await basketOn(other.app, user))?.items[0]).toMatchObject({ unit_price: 2500, owned_reduction: 2900 });
    });
    // The cheapest single of a report is what owning it takes off the bundle (contract bundle-pricing).
    const [cheaper] = await t.db
      .insert(products)
      .values({ sku: 'REPORT-BIG5-SHORT', kind: 'report', title: 'BIG5, short', description: 'd', summary: 's', unitPrice: 1900, reportTypes: ['big5'] })
      .returning({ id: products.id });
    try {
      await eventually(async () => {
        expect((await basketOn(t.app, user))?.items[0]).toMatchObject({ unit_price: 3500, owned_reduction: 1900 });
        expect((await basketOn(other.app, user))?.items[0]).toMatchObject({ unit_price: 3500, owned_reduction: 1900 });
      });
    } finally {
      await t.db.update(products).set({ active: false }).where(eq(products.id, cheaper!.id));
    }
  });

  it('shows a basket item deleted by SQL as gone on both instances within moments', async () => {
    const user = await buyerSeenByBoth();
    await t.db.delete(cartItems).where(eq(cartItems.userId, user.account.id));
    await eventually(async () => {
      expect(await basketOn(t.app, user)).toBeNull();
      expect(await basketOn(other.app, user)).toBeNull();
    });
  });

  it('shows the basket emptied by a paid checkout on the next read, without waiting for the notification', async () => {
    const user = await buyerSeenByBoth();
    await withoutBasketNotifications(t, async () => {
      expect((await checkout(t, user)).status).toBe('paid');
      expect(await basketOn(t.app, user)).toBeNull();
    });
  });

  it('shows the basket emptied by the confirmation of an extra payment step on the next read', async () => {
    const user = await buyerSeenByBoth();
    await withoutBasketNotifications(t, async () => {
      const first = await checkout(t, user, checkoutBody({ payment: { method: 'card', card: card(testCards.requiresAction) } }));
      if (first.next_action?.type !== 'confirm') throw new Error('expected the test provider’s confirmation step');
      expect((await basketOn(t.app, user))?.items).toHaveLength(1);
      const confirmed = await postOrderConfirmation(t.app, user, first.order.id, { confirmation_id: first.next_action.confirmation_id, outcome: 'complete' });
      expect(confirmed.statusCode).toBe(200);
      expect(await basketOn(t.app, user)).toBeNull();
    });
  });

  it('shows a paid checkout on the other instance within moments', async () => {
    const user = await buyerSeenByBoth();
    expect((await checkout(t, user)).status).toBe('paid');
    await eventually(async () => {
      expect(await basketOn(other.app, user)).toBeNull();
    });
  });

  // Issue 16: the basket's price now depends on the reports a user owns (a bundle is priced down
  // by them) and on the account's country (billing details, country of birth).
  it('prices a held bundle down on both instances within moments once a report is granted by SQL', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, seededSkus.bundle);
    expect((await basketOn(t.app, user))?.summary.subtotal).toBe(5400);
    expect((await basketOn(other.app, user))?.summary.subtotal).toBe(5400);
    const donor = await registerUser(t);
    await addToBasket(t, donor, seededSkus.teamProfiles, 3);
    const order = await checkout(t, donor);
    await t.db.insert(grantedReports).values({ userId: user.account.id, orderId: order.order.id, reportType: 'big5' });
    await eventually(async () => {
      expect((await basketOn(t.app, user))?.items[0]).toMatchObject({ unit_price: 2500, owned_reduction: 2900 });
      expect((await basketOn(other.app, user))?.items[0]).toMatchObject({ unit_price: 2500, owned_reduction: 2900 });
    });
  });

  it('prices for a billing country saved by SQL, and a country of birth changed by SQL, on both instances within moments', async () => {
    const user = await buyerSeenByBoth();
    expect((await basketOn(other.app, user))?.vat_country).toEqual({ code: 'DE', source: 'shop' });
    await t.db.update(users).set({ countryCode: 'FR' }).where(eq(users.id, user.account.id));
    await eventually(async () => {
      expect((await basketOn(t.app, user))?.vat_country).toEqual({ code: 'FR', source: 'birth_details' });
      expect((await basketOn(other.app, user))?.vat_country).toEqual({ code: 'FR', source: 'birth_details' });
    });
    await t.db.insert(billingDetails).values({ userId: user.account.id, name: 'Ada', billingEmail: 'ada@example.com', addressLine1: 'Kärntner Straße 1', city: 'Wien', postalCode: '1010', country: 'AT' });
    await eventually(async () => {
      expect((await basketOn(t.app, user))?.vat_country).toEqual({ code: 'AT', source: 'billing_details' });
      expect((await basketOn(other.app, user))?.vat_country).toEqual({ code: 'AT', source: 'billing_details' });
    });
  });

  it('stops answering from memory when the notifications are lost, and resumes once they are back', async () => {
    const user = await buyerSeenByBoth();
    expect(t.app.basketCache.size).toBeGreaterThan(0);
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'compass-change-listener' and datname = current_database()`);
    await eventually(async () => {
      expect(t.app.basketCache.live).toBe(false);
    });
    expect(t.app.basketCache.size).toBe(0);
    await waitUntilCachesLive(t.app);
    await waitUntilCachesLive(other.app);
    expect((await basketOn(t.app, user))?.items).toHaveLength(1);
    expect(t.app.basketCache.size).toBeGreaterThan(0);
  });
});

describe('the basket cache and time', () => {
  // A few seconds before Estonia's standard rate went from 22 % to 24 % (1 July 2025).
  const clock = new ManualClock(new Date('2025-06-30T23:59:50Z'));
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: cachedEnv, clock, jobs: false });
    await waitUntilCachesLive(t.app);
  });

  afterAll(() => t.close());

  it("prices with the country's new VAT rate from its first day, even with the answer held", async () => {
    const user = await registerUser(t);
    await withoutBasketNotifications(t, async () => {
      await addToBasket(t, user, seededSkus.big5);
      expect((await basketOn(t.app, user, '?country=EE'))?.summary.vat_percentage).toBe(22);
      expect(t.app.basketCache.size).toBe(1);
      clock.advanceBy(10_000);
      expect((await basketOn(t.app, user, '?country=EE'))?.summary.vat_percentage).toBe(24);
    });
  });

  it('no longer applies a coupon that reached its end of validity, even with the answer held', async () => {
    const user = await registerUser(t);
    const coupon = await givenCoupon(t, { code: 'LASTCALL', percent: '10', until: new Date(clock.now().getTime() + 30_000).toISOString() });
    await withoutBasketNotifications(t, async () => {
      await addToBasket(t, user, seededSkus.big5);
      await applyCoupon(t, user, coupon.code);
      const before = t.app.basketCache.size;
      expect((await basketOn(t.app, user))?.summary.discount_amount).toBe(290);
      expect(t.app.basketCache.size).toBe(before + 1);
      clock.advanceBy(30_000);
      const after = await basketOn(t.app, user);
      expect(after?.coupon_code).toBeNull();
      expect(after?.summary.discount_amount).toBe(0);
      expect(after?.notices).toEqual([`The discount code LASTCALL no longer applies and was removed. ${basketRuleMessages.couponExpired}`]);
    });
  });
});

describeCacheSources('GET /api/cart', basketCacheSources, async (t) => {
  const user = await registerUser(t);
  await addToBasket(t, user, seededSkus.bundle);
  return { pool: t.pool, request: () => t.app.inject({ method: 'GET', url: shopApiPaths.cart, headers: user.authHeaders }) };
});
