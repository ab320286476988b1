import { shopApiPaths } from '@app/contract/api-paths';
import { tooManyAttemptsMessage } from '@app/contract/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { checkoutBody, createCheckoutTestApp } from '../../../../test/checkout-helpers.ts';
import { uniqueClientAddress } from '../../../../test/client-address.ts';
import { type TestApp } from '../../../../test/test-app.ts';
import { checkoutRateRules } from '../routes.ts';

// Issue 5: placing orders is rate limited per account and per client address with the database
// limiter, answered 429 with the time to wait, as the login limit is.

// Now, so the test card (valid for years) has not expired by the clock.
const clock = new ManualClock();
let t: TestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

/** A checkout of an empty basket: refused 400 by the service, so only the limiter is exercised. */
function attempt(user: RegisteredUser, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: shopApiPaths.checkout, headers: user.headersWithCsrf, payload: checkoutBody(), remoteAddress });
}

describe('checkout rate limits', () => {
  it('lets one account place 30 checkouts a minute, then answers 429 with Retry-After and the wait in words', async () => {
    expect(checkoutRateRules(t.config.checkoutLimits).perUser).toMatchObject({ limit: 30, windowSeconds: 60 });
    const user = await registerUser(t);
    const address = uniqueClientAddress();
    for (let count = 1; count <= 30; count += 1) {
      expect((await attempt(user, address)).statusCode).toBe(400);
    }
    clock.advanceBy(20_000);

    const throttled = await attempt(user, address);

    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('40');
    expect(throttled.json()).toEqual({ code: 'too_many_requests', message: tooManyAttemptsMessage(40) });
    expect(tooManyAttemptsMessage(40)).toBe('Too many attempts. Please try again in 40 seconds.');
    // Another address does not help the same account.
    expect((await attempt(user, uniqueClientAddress())).statusCode).toBe(429);
    // Another account is not held back by this one.
    expect((await attempt(await registerUser(t), address)).statusCode).toBe(400);

    clock.advanceBy(40_000);
    expect((await attempt(user, address)).statusCode).toBe(400);
  });

  it('lets one address place 120 checkouts a minute across accounts, then answers 429', async () => {
    expect(checkoutRateRules(t.config.checkoutLimits).perIp).toMatchObject({ limit: 120, windowSeconds: 60 });
    const address = uniqueClientAddress();
    const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(t)));
    for (let count = 0; count < 120; count += 1) {
      const user = users[count % users.length];
      if (!user) throw new Error('no user');
      expect((await attempt(user, address)).statusCode).toBe(400);
    }

    const throttled = await attempt(await registerUser(t), address);

    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('60');
    expect(throttled.json()).toEqual({ code: 'too_many_requests', message: tooManyAttemptsMessage(60) });
  });
});

describe('checkout rate limits set by the operator', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createCheckoutTestApp({ env: { CHECKOUT_LIMIT_PER_ACCOUNT_PER_MINUTE: '2', CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  function attemptOn(user: RegisteredUser, remoteAddress: string) {
    return limited.app.inject({ method: 'POST', url: shopApiPaths.checkout, headers: user.headersWithCsrf, payload: checkoutBody(), remoteAddress });
  }

  it('follows CHECKOUT_LIMIT_PER_ACCOUNT_PER_MINUTE and CHECKOUT_LIMIT_PER_IP_PER_MINUTE', async () => {
    const user = await registerUser(limited);
    const address = uniqueClientAddress();
    expect((await attemptOn(user, address)).statusCode).toBe(400);
    expect((await attemptOn(user, address)).statusCode).toBe(400);
    expect((await attemptOn(user, address)).statusCode).toBe(429);
    // The address has had three attempts (the refused one counts too): a fourth account is held back there.
    expect((await attemptOn(await registerUser(limited), address)).statusCode).toBe(429);
  });
});
