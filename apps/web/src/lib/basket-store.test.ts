import type { Account } from '@app/contract/account';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture } from '../../test/account-fixture.ts';
import { basketFixture, big5Report, completeBundle, teamService, valuesReport, welcomeCoupon, withQuantity } from '../../test/basket-fixture.ts';
import { createBrowserFetch } from '../../test/browser-fetch.ts';
import type { Reply } from '../../test/local-api-server.ts';
import { setUpLocalApiServer } from '../../test/local-api-server-setup.ts';
import { createBasketStore, type BasketEvent, type BasketStore } from './basket-store.ts';
import { readCookie } from './cookies.ts';
import { createHttpClient, type HttpClient } from './http-client.ts';
import './basket-texts.ts';
import { t } from './i18n.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';
import { createTokenStorage } from './token-storage.ts';

// The basket store of spec section 4 on the real HTTP client, against a real local server that
// answers the cart calls of spec section 7 as each test scripts them.

const ada: Account = accountFixture();
const server = setUpLocalApiServer();
let session: SessionStore;
let store: BasketStore;
let events: BasketEvent[];
let http: HttpClient;

const ok = (basket: ReturnType<typeof basketFixture>): Reply => ({ status: 200, body: { data: basket } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function storeSession(accessToken: string) {
  localStorage.setItem('auth_token', accessToken);
  localStorage.setItem('refresh_token', `refresh-of-${accessToken}`);
  localStorage.setItem('expires_at', String(Math.floor(Date.now() / 1000) + 3600));
  server().on('GET', '/api/user', (request) =>
    request.headers.authorization === `Bearer ${accessToken}` ? { status: 200, body: ada } : { status: 401, body: { message: 'No', code: 'unauthenticated' } },
  );
}

/** A logged-in store that holds `basket` (fetched once). */
async function storeHolding(basket: ReturnType<typeof basketFixture> | null) {
  storeSession('token-1');
  await session.restore();
  server().on('GET', '/api/cart', () => (basket === null ? { status: 204 } : ok(basket)));
  await store.fetch();
  server().requests.length = 0;
}

beforeEach(() => {
  localStorage.clear();
  const browser = createBrowserFetch();
  browser.setCookie('XSRF-TOKEN', 'xsrf');
  const tokens = createTokenStorage(localStorage);
  http = createHttpClient({
    baseUrl: server().url,
    tokens,
    translate: t,
    readCookie: (name) => readCookie(name, browser.cookieString()),
    fetchImpl: browser.fetch,
  });
  session = createSessionStore({ http, tokens, setLanguage: () => undefined });
  store = createBasketStore({ http, session });
  events = [];
  store.subscribeEvents((event) => events.push(event));
});

describe('following the session (spec 2: fetched at start when logged in, or as soon as login happens)', () => {
  it('starts empty and asks nothing while nobody is logged in', async () => {
    await session.restore();
    store.start();
    await settle();

    expect(store.getSnapshot()).toEqual({ basket: null, status: 'idle', error: null, removed: null, country: null, replacement: null });
    expect(server().requestsTo('GET', '/api/cart')).toHaveLength(0);
  });

  it('fetches the basket at start when a session is restored, with the stored token', async () => {
    const basket = basketFixture([big5Report]);
    server().on('GET', '/api/cart', () => ok(basket));
    storeSession('token-1');
    store.start();

    await session.restore();
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'));

    expect(server().requestsTo('GET', '/api/cart')).toHaveLength(1);
    expect(server().requestsTo('GET', '/api/cart')[0]?.headers.authorization).toBe('Bearer token-1');
    expect(store.getSnapshot()).toMatchObject({ basket, status: 'ready' });
  });

  it('fetches the basket as soon as login happens, once, with the new token', async () => {
    const basket = basketFixture([valuesReport]);
    server().on('GET', '/api/cart', () => ok(basket));
    server().on('POST', '/api/login', () => ({
      status: 200,
      body: { access_token: 'fresh-token', refresh_token: 'fresh-refresh', expires_at: 1_900_000_000, account: ada },
    }));
    await session.restore();
    store.start();

    await session.login({ email: 'ada@example.com', password: 'Correct-horse-1!' });
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('ready'));
    await settle();

    const fetches = server().requestsTo('GET', '/api/cart');
    expect(fetches).toHaveLength(1);
    expect(fetches[0]?.headers.authorization).toBe('Bearer fresh-token');
    expect(store.getSnapshot().basket).toEqual(basket);
  });

  it('is cleared on logout, while the server keeps the basket', async () => {
    await storeHolding(basketFixture([big5Report]));
    store.start();
    server().on('POST', '/api/logout', () => ({ status: 204 }));

    await session.logout();

    expect(store.getSnapshot()).toEqual({ basket: null, status: 'idle', error: null, removed: null, country: null, replacement: null });
    expect(server().requestsTo('DELETE', '/api/cart')).toHaveLength(0);
  });

  it('drops an answer that arrives after the basket was reset (the session it belonged to ended)', async () => {
    await storeHolding(null);
    server().on('POST', '/api/cart/items', () => ({ ...ok(basketFixture([big5Report])), delayMs: 100 }));

    const adding = store.addItem(big5Report.product_id);
    await settle();
    store.reset();
    const outcome = await adding;

    expect(outcome).toEqual({ ok: true, basket: null });
    expect(store.getSnapshot().basket).toBeNull();
    expect(events).toEqual([]);
  });
});

describe('fetching (spec 4 and 7: GET /api/cart, data.data is the basket)', () => {
  it('keeps the basket of data.data', async () => {
    const basket = basketFixture([big5Report, valuesReport], { coupon: welcomeCoupon });
    await storeHolding(basket);

    expect(store.getSnapshot()).toEqual({ basket, status: 'ready', error: null, removed: null, country: null, replacement: null });
  });

  it('is null when the server answers 204', async () => {
    await storeHolding(null);

    expect(store.getSnapshot()).toMatchObject({ basket: null, status: 'ready' });
  });

  it('is null when the basket has no items', async () => {
    await storeHolding(basketFixture([]));

    expect(store.getSnapshot().basket).toBeNull();
  });

  it('shares one request between fetches that run at the same time', async () => {
    storeSession('token-1');
    await session.restore();
    server().on('GET', '/api/cart', () => ({ ...ok(basketFixture([big5Report])), delayMs: 30 }));

    await Promise.all([store.fetch(), store.fetch(), store.fetch()]);

    expect(server().requestsTo('GET', '/api/cart')).toHaveLength(1);
  });

  it("says 'Failed to fetch the basket' through a failed event with the call's error, and remembers it", async () => {
    storeSession('token-1');
    await session.restore();
    server().on('GET', '/api/cart', () => ({ status: 503, body: { message: 'Down', code: 'service_unavailable' } }));

    const outcome = await store.fetch();

    const message = 'The service is temporarily unavailable. Please try again in a few minutes.';
    expect(outcome).toMatchObject({ ok: false, error: message, status: 503 });
    expect(store.getSnapshot()).toMatchObject({ basket: null, status: 'failed', error: message });
    expect(events).toEqual([{ type: 'failed', action: 'fetch', error: message }]);
  });

  it('keeps the basket it has when a later fetch fails', async () => {
    const basket = basketFixture([big5Report]);
    await storeHolding(basket);
    server().on('GET', '/api/cart', () => ({ status: 500, body: { message: 'Boom', code: 'generic' } }));

    await store.fetch();

    expect(store.getSnapshot()).toMatchObject({ basket, status: 'ready' });
  });

  it('does not let a fetch that started before a change undo the change', async () => {
    await storeHolding(null);
    server().on('GET', '/api/cart', () => ({ status: 204, delayMs: 80 }));
    server().on('POST', '/api/cart/items', () => ok(basketFixture([big5Report])));

    const fetching = store.fetch();
    await store.addItem(big5Report.product_id);
    await fetching;

    expect(store.getSnapshot().basket?.items).toEqual([big5Report]);
  });
});

describe('adding an item (POST /api/cart/items, spec 5)', () => {
  it('sends the product id and quantity, keeps the answer and tells that the item was added', async () => {
    await storeHolding(null);
    const answer = basketFixture([withQuantity(teamService, 8)]);
    server().on('POST', '/api/cart/items', () => ok(answer));

    const outcome = await store.addItem(teamService.product_id, 8);

    expect(server().requestsTo('POST', '/api/cart/items')[0]?.body).toEqual({ product_id: teamService.product_id, quantity: 8 });
    expect(outcome).toEqual({ ok: true, basket: answer });
    expect(store.getSnapshot().basket).toEqual(answer);
    expect(events).toEqual([{ type: 'itemAdded', item: withQuantity(teamService, 8) }]);
  });

  it("leaves the quantity to the server's minimum when none is given", async () => {
    await storeHolding(null);
    server().on('POST', '/api/cart/items', () => ok(basketFixture([big5Report])));

    await store.addItem(big5Report.product_id);

    expect(server().requestsTo('POST', '/api/cart/items')[0]?.body).toEqual({ product_id: big5Report.product_id });
  });

  it("refuses a product already in the basket with the info 'Item already exists' and its title, without asking the server", async () => {
    await storeHolding(basketFixture([big5Report]));

    const outcome = await store.addItem(big5Report.product_id);

    expect(outcome).toMatchObject({ ok: false, error: 'Item already exists' });
    expect(events).toEqual([{ type: 'itemAlreadyExists', title: 'BIG5 personality report' }]);
    expect(server().requestsTo('POST', '/api/cart/items')).toHaveLength(0);
  });

  it("shows the basket as it is and names the product when the server says it is already there (another tab)", async () => {
    await storeHolding(null);
    server().on('POST', '/api/cart/items', () => ({
      status: 409,
      body: { message: 'Item already exists', code: 'itemAlreadyExists', title: big5Report.product_title },
    }));
    server().on('GET', '/api/cart', () => ok(basketFixture([big5Report])));

    const outcome = await store.addItem(big5Report.product_id);

    expect(outcome).toMatchObject({ ok: false, status: 409, error: 'Item already exists' });
    expect(store.getSnapshot().basket?.items).toEqual([big5Report]);
    expect(events).toEqual([{ type: 'itemAlreadyExists', title: 'BIG5 personality report' }]);
  });

  it('refuses an item without a product id as invalidItem, without asking the server', async () => {
    await storeHolding(null);

    const outcome = await store.addItem('  ');

    expect(outcome).toMatchObject({ ok: false, error: 'This item cannot be added to the basket.' });
    expect(events).toEqual([{ type: 'invalidItem' }]);
    expect(server().requests).toHaveLength(0);
  });

  it('reports invalidItem when the server knows no such product', async () => {
    await storeHolding(null);
    server().on('POST', '/api/cart/items', () => ({
      status: 422,
      body: { message: 'This item cannot be added to the basket.', code: 'invalidItem', errors: { product_id: ['This item cannot be added to the basket.'] } },
    }));

    const outcome = await store.addItem('prod-unknown');

    expect(outcome).toMatchObject({ ok: false, status: 422, errors: { product_id: ['This item cannot be added to the basket.'] } });
    expect(events).toEqual([{ type: 'invalidItem' }]);
  });

  it('shows the server’s own words when it refuses a report the user already owns', async () => {
    await storeHolding(null);
    const message = 'You already own this report (BIG5 personality report); you will find it under Reports.';
    server().on('POST', '/api/cart/items', () => ({
      status: 422,
      body: { message, errors: { product_id: [message] } },
    }));

    const outcome = await store.addItem('prod-owned');

    expect(outcome).toMatchObject({ ok: false, status: 422, errors: { product_id: [message] } });
    expect(events).toEqual([{ type: 'failed', action: 'addItem', error: message }]);
  });

  it("passes on the server's 'Minimal quantity is {value}' for a quantity below the minimum", async () => {
    await storeHolding(null);
    server().on('POST', '/api/cart/items', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { quantity: ['Minimal quantity is 5'] } },
    }));

    const outcome = await store.addItem(teamService.product_id, 2);

    expect(outcome).toMatchObject({ ok: false, errors: { quantity: ['Minimal quantity is 5'] } });
    expect(events).toEqual([{ type: 'failed', action: 'addItem', error: 'Minimal quantity is 5' }]);
  });

  it('refuses a quantity that is not a whole number of at least 1 without asking the server', async () => {
    await storeHolding(null);

    expect(await store.addItem(teamService.product_id, 0)).toMatchObject({ ok: false, errors: { quantity: ['Minimal quantity is 1'] } });
    expect(await store.addItem(teamService.product_id, 2.5)).toMatchObject({ ok: false });
    expect(server().requests).toHaveLength(0);
  });
});

describe('changing a quantity (PATCH /api/cart/items/{product_id})', () => {
  it('sends the new quantity and keeps the answer', async () => {
    await storeHolding(basketFixture([teamService]));
    const answer = basketFixture([withQuantity(teamService, 7)]);
    server().on('PATCH', '/api/cart/items/prod-team', () => ok(answer));

    const outcome = await store.updateQuantity(teamService.product_id, 7);

    expect(server().requestsTo('PATCH', '/api/cart/items/prod-team')[0]?.body).toEqual({ quantity: 7 });
    expect(outcome).toEqual({ ok: true, basket: answer });
    expect(store.getSnapshot().basket).toEqual(answer);
  });

  it("refuses a quantity below the product's minimum with 'Minimal quantity is {value}', without asking the server", async () => {
    await storeHolding(basketFixture([teamService]));

    const outcome = await store.updateQuantity(teamService.product_id, 4);

    expect(outcome).toMatchObject({ ok: false, errors: { quantity: ['Minimal quantity is 5'] } });
    expect(server().requests).toHaveLength(0);
  });
});

describe('removing an item (DELETE /api/cart/items/{product_id}, spec 4)', () => {
  it('keeps the answer, remembers the item for Undo and tells that it was removed', async () => {
    await storeHolding(basketFixture([big5Report, valuesReport]));
    const answer = basketFixture([valuesReport]);
    server().on('DELETE', '/api/cart/items/prod-big5', () => ok(answer));

    const outcome = await store.removeItem(big5Report.product_id);

    expect(outcome).toEqual({ ok: true, basket: answer });
    expect(store.getSnapshot()).toMatchObject({ basket: answer, removed: big5Report });
    expect(events).toEqual([{ type: 'itemRemoved', item: big5Report }]);
  });

  it('is null when the server answers 204 (the basket became empty)', async () => {
    await storeHolding(basketFixture([big5Report]));
    server().on('DELETE', '/api/cart/items/prod-big5', () => ({ status: 204 }));

    await store.removeItem(big5Report.product_id);

    expect(store.getSnapshot()).toMatchObject({ basket: null, status: 'ready', removed: big5Report });
  });

  it('does nothing for an item that is not in the basket', async () => {
    await storeHolding(basketFixture([big5Report]));

    const outcome = await store.removeItem(valuesReport.product_id);

    expect(outcome).toMatchObject({ ok: true });
    expect(server().requests).toHaveLength(0);
    expect(events).toEqual([]);
  });

  it("passes on the call's error and keeps the item", async () => {
    const basket = basketFixture([big5Report]);
    await storeHolding(basket);
    server().on('DELETE', '/api/cart/items/prod-big5', () => ({ status: 500, body: { message: 'Boom', code: 'generic' } }));

    await store.removeItem(big5Report.product_id);

    expect(store.getSnapshot()).toMatchObject({ basket, removed: null });
    expect(events).toEqual([{ type: 'failed', action: 'removeItem', error: 'Something went wrong. Please try again later...' }]);
  });
});

describe('undoing a removal (spec 4: re-adds the item)', () => {
  it('adds the removed item again with its quantity', async () => {
    await storeHolding(basketFixture([withQuantity(teamService, 6), big5Report]));
    server().on('DELETE', '/api/cart/items/prod-team', () => ok(basketFixture([big5Report])));
    await store.removeItem(teamService.product_id);
    const restored = basketFixture([withQuantity(teamService, 6), big5Report]);
    server().on('POST', '/api/cart/items', () => ok(restored));

    const outcome = await store.undoRemove();

    expect(server().requestsTo('POST', '/api/cart/items')[0]?.body).toEqual({ product_id: 'prod-team', quantity: 6 });
    expect(outcome).toEqual({ ok: true, basket: restored });
    expect(store.getSnapshot()).toMatchObject({ basket: restored, removed: null });
    expect(events.at(-1)).toEqual({ type: 'itemRestored', item: withQuantity(teamService, 6) });
  });

  it('brings the discount code back when removing the last item had dropped it', async () => {
    await storeHolding(basketFixture([big5Report], { coupon: welcomeCoupon }));
    server().on('DELETE', '/api/cart/items/prod-big5', () => ({ status: 204 }));
    await store.removeItem(big5Report.product_id);
    server().on('POST', '/api/cart/items', () => ok(basketFixture([big5Report])));
    const withCoupon = basketFixture([big5Report], { coupon: welcomeCoupon });
    server().on('POST', '/api/cart/coupon', () => ok(withCoupon));

    await store.undoRemove();

    expect(server().requestsTo('POST', '/api/cart/coupon')[0]?.body).toEqual({ coupon_code: 'WELCOME10' });
    expect(store.getSnapshot().basket).toEqual(withCoupon);
  });

  it('does nothing when nothing was removed', async () => {
    await storeHolding(basketFixture([big5Report]));

    expect(await store.undoRemove()).toMatchObject({ ok: true });
    expect(server().requests).toHaveLength(0);
  });
});

describe('clearing (DELETE /api/cart)', () => {
  it('empties the basket to null and tells that it was cleared', async () => {
    await storeHolding(basketFixture([big5Report, valuesReport], { coupon: welcomeCoupon }));
    server().on('DELETE', '/api/cart', () => ({ status: 204 }));

    const outcome = await store.clear();

    expect(server().requestsTo('DELETE', '/api/cart')).toHaveLength(1);
    expect(outcome).toEqual({ ok: true, basket: null });
    expect(store.getSnapshot()).toMatchObject({ basket: null, status: 'ready' });
    expect(events).toEqual([{ type: 'cleared' }]);
  });

  it("passes on the call's error and keeps the basket", async () => {
    const basket = basketFixture([big5Report]);
    await storeHolding(basket);
    server().on('DELETE', '/api/cart', () => ({ status: 429, body: { message: 'Slow down', code: 'too_many_requests' } }));

    await store.clear();

    expect(store.getSnapshot().basket).toEqual(basket);
    expect(events).toEqual([{ type: 'failed', action: 'clear', error: 'Too many attempts. Please wait a moment and try again.' }]);
  });
});

describe('discount codes (POST and DELETE /api/cart/coupon, spec 4 and 5)', () => {
  it('sends the code, stores the returned basket and tells that the discount applies', async () => {
    await storeHolding(basketFixture([big5Report]));
    const answer = basketFixture([big5Report], { coupon: welcomeCoupon });
    server().on('POST', '/api/cart/coupon', () => ok(answer));

    const outcome = await store.applyCoupon('  welcome10 ');

    expect(server().requestsTo('POST', '/api/cart/coupon')[0]?.body).toEqual({ coupon_code: 'welcome10' });
    expect(outcome).toEqual({ ok: true, basket: answer });
    expect(store.getSnapshot().basket).toEqual(answer);
    expect(events).toEqual([{ type: 'couponApplied', code: 'WELCOME10' }]);
  });

  it("refuses an empty code with 'Please enter a discount code.' without asking the server", async () => {
    await storeHolding(basketFixture([big5Report]));

    const outcome = await store.applyCoupon('   ');

    expect(outcome).toMatchObject({ ok: false, errors: { coupon_code: ['Please enter a discount code.'] } });
    expect(server().requests).toHaveLength(0);
  });

  it("passes on the server's message for the code, as the field error and the failed event", async () => {
    const basket = basketFixture([big5Report]);
    await storeHolding(basket);
    server().on('POST', '/api/cart/coupon', () => ({
      status: 422,
      body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { coupon_code: ['This discount code has expired.'] } },
    }));

    const outcome = await store.applyCoupon('OLDCODE');

    expect(outcome).toMatchObject({ ok: false, status: 422, errors: { coupon_code: ['This discount code has expired.'] } });
    expect(events).toEqual([{ type: 'failed', action: 'applyCoupon', error: 'This discount code has expired.' }]);
    expect(store.getSnapshot().basket).toEqual(basket);
  });

  it('removes the applied code and stores the returned basket', async () => {
    await storeHolding(basketFixture([big5Report], { coupon: welcomeCoupon }));
    const answer = basketFixture([big5Report]);
    server().on('DELETE', '/api/cart/coupon', () => ok(answer));

    const outcome = await store.removeCoupon();

    expect(outcome).toEqual({ ok: true, basket: answer });
    expect(store.getSnapshot().basket?.coupon).toBeNull();
    expect(events).toEqual([{ type: 'couponRemoved' }]);
  });

  it('does nothing when no code is applied', async () => {
    await storeHolding(basketFixture([big5Report]));

    expect(await store.removeCoupon()).toMatchObject({ ok: true });
    expect(server().requests).toHaveLength(0);
    expect(events).toEqual([]);
  });

  it("passes on a failed removal's error", async () => {
    await storeHolding(basketFixture([big5Report], { coupon: welcomeCoupon }));
    server().on('DELETE', '/api/cart/coupon', () => ({ status: 500, body: { message: 'Boom', code: 'generic' } }));

    await store.removeCoupon();

    expect(events).toEqual([{ type: 'failed', action: 'removeCoupon', error: 'Something went wrong. Please try again later...' }]);
    expect(store.getSnapshot().basket?.coupon?.code).toBe('WELCOME10');
  });
});

describe('events', () => {
  it('wait for the first listener when nobody listens yet (the app shell mounts after login)', async () => {
    const quiet = createBasketStore({
      http: createHttpClient({ baseUrl: server().url, tokens: createTokenStorage(localStorage), translate: t }),
      session,
    });
    await quiet.addItem('');

    const heard: BasketEvent[] = [];
    quiet.subscribeEvents((event) => heard.push(event));

    expect(heard).toEqual([{ type: 'invalidItem' }]);
  });

  it('are forgotten when they waited longer than 10 seconds', async () => {
    let now = 0;
    const quiet = createBasketStore({
      http: createHttpClient({ baseUrl: server().url, tokens: createTokenStorage(localStorage), translate: t }),
      session,
      now: () => now,
    });
    await quiet.addItem('');
    now = 10_001;

    const heard: BasketEvent[] = [];
    quiet.subscribeEvents((event) => heard.push(event));

    expect(heard).toEqual([]);
  });
});

// Issue 16: the basket's country and the bundle rule.
describe('the country the basket is priced for', () => {
  it('sends the browser’s region with every cart call, and the chosen country once the buyer picks one', async () => {
    store = createBasketStore({ http, session, region: () => 'FR' });
    await storeHolding(basketFixture([big5Report]));
    expect(server().requests).toHaveLength(0);
    const french = basketFixture([big5Report], { vatBasisPoints: 2000, vatCountry: { code: 'IT', source: 'requested' } });
    server().on('GET', '/api/cart', () => ok(french));
    server().on('DELETE', `/api/cart/items/${big5Report.product_id}`, () => ({ status: 204 }));

    const outcome = await store.chooseCountry('IT');
    await store.removeItem(big5Report.product_id);

    expect(outcome).toEqual({ ok: true, basket: french });
    expect(store.getSnapshot().country).toBe('IT');
    const [fetched] = server().requestsTo('GET', '/api/cart');
    expect(Object.fromEntries(fetched?.query ?? [])).toEqual({ country: 'IT', region: 'FR' });
    const [removed] = server().requestsTo('DELETE', `/api/cart/items/${big5Report.product_id}`);
    expect(Object.fromEntries(removed?.query ?? [])).toEqual({ country: 'IT', region: 'FR' });
  });

  it('forgets the chosen country on logout', async () => {
    await storeHolding(basketFixture([big5Report]));
    server().on('GET', '/api/cart', () => ok(basketFixture([big5Report])));
    await store.chooseCountry('IT');
    store.reset();
    expect(store.getSnapshot().country).toBeNull();
  });
});

describe('a bundle and its single reports', () => {
  it('says which single reports the added bundle replaced, and Undo takes the bundle out and brings them back', async () => {
    await storeHolding(basketFixture([big5Report, valuesReport]));
    server().on('POST', '/api/cart/items', (request) =>
      (request.body as { product_id: string }).product_id === completeBundle.product_id
        ? { status: 200, body: { data: basketFixture([completeBundle]), replaced: [{ product_id: 'prod-big5', product_title: 'BIG5 personality report', quantity: 1 }, { product_id: 'prod-values', product_title: 'Top 10 values report', quantity: 1 }] } }
        : ok(basketFixture((request.body as { product_id: string }).product_id === 'prod-big5' ? [big5Report] : [big5Report, valuesReport])),
    );
    server().on('DELETE', `/api/cart/items/${completeBundle.product_id}`, () => ({ status: 204 }));

    await store.addItem(completeBundle.product_id);

    expect(store.getSnapshot().basket?.items).toEqual([completeBundle]);
    expect(events).toEqual([
      {
        type: 'bundleReplaced',
        bundle: completeBundle,
        replaced: [
          { product_id: 'prod-big5', product_title: 'BIG5 personality report', quantity: 1 },
          { product_id: 'prod-values', product_title: 'Top 10 values report', quantity: 1 },
        ],
      },
    ]);

    await store.undoReplace();

    expect(server().requests.map((request) => `${request.method} ${request.path} ${JSON.stringify(request.body ?? null)}`)).toEqual([
      'POST /api/cart/items {"product_id":"prod-bundle"}',
      'DELETE /api/cart/items/prod-bundle null',
      'POST /api/cart/items {"product_id":"prod-big5","quantity":1}',
      'POST /api/cart/items {"product_id":"prod-values","quantity":1}',
    ]);
    expect(store.getSnapshot().basket?.items).toEqual([big5Report, valuesReport]);
    expect(store.getSnapshot().replacement).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: 'replacementUndone' });
  });

  it('names the bundle when the server refuses a single report that the bundle in the basket holds', async () => {
    await storeHolding(basketFixture([completeBundle]));
    server().on('POST', '/api/cart/items', () => ({
      status: 409,
      body: { message: 'BIG5 personality report is already in your basket as part of Complete profile bundle.', code: 'includedInBundle', title: 'BIG5 personality report', bundle_title: 'Complete profile bundle' },
    }));
    server().on('GET', '/api/cart', () => ok(basketFixture([completeBundle])));

    const outcome = await store.addItem(big5Report.product_id);

    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(events).toEqual([{ type: 'includedInBundle', bundleTitle: 'Complete profile bundle' }]);
  });
});
