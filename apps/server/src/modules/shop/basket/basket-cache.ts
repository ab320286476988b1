import type { Basket } from '@app/contract/basket';
import type { Clock } from '../../../lib/clock.ts';
import { UserKeyedCache } from '../../../lib/user-keyed-cache.ts';
import type { CouponWindow, PricedBasket } from './basket-pricing.ts';
import { normaliseCountryCode } from '../../../lib/countries.ts';
import { euStandardVatRates } from '../../tax/public.ts';

// GET /api/cart answered from memory (issue 5's speed target, bench/cart): the priced basket of a
// user for one billing country, kept at most `ttlMs`, under the session cache's guarantees
// (docs/decisions.md, "Basket cache"):
//  - live only while its invalidation is: PostgreSQL triggers (basket-changes.ts) announce every
//    change to a user's basket rows and coupon uses (evict that user), to a coupon (evict the
//    baskets that hold it: a basket is stored tagged with its coupon) and to the products every
//    basket may be priced from (drop all); while the listener is not connected nothing is served;
//  - the instance that handles a user's own change (any request but GET, HEAD and OPTIONS) evicts
//    that user before answering it (basket-cache-plugin.ts);
//  - a read that started before its user or its coupon was evicted is not stored;
//  - only a read that changed nothing is kept (re-pricing that wrote something tells the user once,
//    and the next read is clean), and never past the instant the price changes by time alone: the
//    applied coupon's start or end of validity, or the priced country's next VAT rate.

export interface BasketCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  clock: Clock;
  /** Oldest entries are dropped beyond this (a basket answer is a few kilobytes). */
  maxEntries?: number;
}

/**
 * The pricing inputs of a basket read that the cache knows how to key: the seller's country, the
 * instant, the buyer's billing country and the browser's region. A read with any other input set
 * (a VAT number to verify, say) is not cached, so that a new input can never be answered with
 * another one's price. Without a country the price follows the account's own country (billing
 * details, country of birth), whose changes the triggers announce like the basket's.
 */
export interface CacheablePricing {
  homeCountry: string;
  at: Date;
  country?: string | undefined;
  region?: string | undefined;
}

const keyedInputs: ReadonlySet<string> = new Set(['homeCountry', 'at', 'country', 'region']);

/** A re-priced basket and the answer built from it. */
export interface PricedAnswer {
  priced: PricedBasket;
  basket: Basket | null;
}

export class BasketCache {
  /** Keyed by user id and billing country; null is an empty basket (204). */
  readonly #entries: UserKeyedCache<Basket | null>;

  constructor(options: BasketCacheOptions) {
    this.#entries = new UserKeyedCache({ ttlMs: options.ttlMs, clock: options.clock, maxEntries: options.maxEntries ?? 10_000 });
  }

  get enabled(): boolean {
    return this.#entries.enabled;
  }

  /** Whether answers are served from memory: enabled and its invalidation is connected. */
  get live(): boolean {
    return this.#entries.live;
  }

  /**
   * The basket answer for this read: from memory when a fresh one is held, else `price()` (the
   * database read and re-pricing, with the answer built from it), kept when re-pricing changed
   * nothing. The answer is shared between requests: callers must not change it.
   */
  async read(userId: string, inputs: CacheablePricing, price: () => Promise<PricedAnswer>): Promise<Basket | null> {
    const key = this.#entries.live ? basketKey(userId, inputs) : undefined;
    if (key === undefined) return (await price()).basket;
    const cached = this.#entries.get(key);
    if (cached !== undefined) return cached;
    const ticket = this.#entries.ticket();
    const { priced, basket } = await price();
    // Re-pricing wrote what changed and tells the user once (notices); the next read is clean.
    if (priced.notices.length > 0) return basket;
    const tags = priced.coupon ? [couponTag(priced.coupon.id)] : [];
    this.#entries.store(key, userId, basket, ticket, priceFixedUntil(inputs.at, priced.vatCountry, priced.couponWindow), tags);
    return basket;
  }

  /** Held answers; for tests and metrics. */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets the user's baskets: something they are priced from changed. */
  evictUser(userId: string): void {
    this.#entries.evictUser(userId);
  }

  /** Forgets the baskets that hold the coupon (whoever's): its terms or its count of uses changed. */
  evictCoupon(couponId: string): void {
    this.#entries.evictTag(couponTag(couponId));
  }

  /** Forgets every basket: a product changed. */
  clear(): void {
    this.#entries.clear();
  }

  /** Called by the listener: true once it receives changes, false (and everything dropped) when it loses them. */
  setLive(live: boolean): void {
    this.#entries.setLive(live);
  }
}

/** The tag of the baskets that hold a coupon (apart from user ids, which are UUIDs). */
function couponTag(couponId: string): string {
  return `coupon:${couponId}`;
}

/** The entry's key, or undefined when the read has an input the key does not hold. */
export function basketKey(userId: string, inputs: CacheablePricing): string | undefined {
  for (const [name, value] of Object.entries(inputs)) {
    if (value !== undefined && !keyedInputs.has(name)) return undefined;
  }
  // The account's own country is resolved while pricing: keyed by the region that would stand in for it.
  if (inputs.country === undefined) return `${userId} account ${inputs.region === undefined ? '-' : normaliseCountryCode(inputs.region)}`;
  return `${userId} ${normaliseCountryCode(inputs.country)}`;
}

/**
 * The first instant after `at` at which the same basket costs something else with nothing stored
 * having changed (milliseconds since the epoch; Infinity when none is known): the coupon starts or
 * ends applying (couponRefusal compares `at` with both ends), or the country's standard VAT rate
 * changes (vat-rates.ts: a rate applies from 00:00 UTC of its first day).
 */
export function priceFixedUntil(at: Date, country: string, coupon: CouponWindow | null): number {
  const instant = at.getTime();
  const candidates = [coupon?.validFrom?.getTime(), coupon?.validUntil?.getTime(), nextVatRateChange(country, at)?.getTime()];
  return Math.min(...candidates.filter((candidate): candidate is number => candidate !== undefined && candidate > instant), Number.POSITIVE_INFINITY);
}

/** The next day on which the country's standard VAT rate changes, after `at`; undefined outside the EU or with no change ahead. */
export function nextVatRateChange(country: string, at: Date): Date | undefined {
  const periods = euStandardVatRates[normaliseCountryCode(country)];
  const day = at.toISOString().slice(0, 10);
  const next = periods?.find((period) => period.from > day);
  return next ? new Date(`${next.from}T00:00:00.000Z`) : undefined;
}
