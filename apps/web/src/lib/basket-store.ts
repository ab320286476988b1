import { shopApiPaths } from '@app/contract/api-paths';
import type { AddCartItemEnvelope, AddCartItemRequest, Basket, BasketEnvelope, BasketItem, ReplacedItem } from '@app/contract/basket';
import { browserCountry } from './countries.ts';
import { httpClient, type HttpClient, type QueryParams, type RequestResult } from './http-client.ts';
import { t } from './i18n.ts';
import { sessionStore, type SessionStore } from './session-store.ts';

// The app-wide basket of spec section 4: null when empty, or the server's basket with its items.
// The server holds the truth (the basket is kept per user and survives logout); this store keeps
// the last answer of the cart calls of spec section 7, follows the session (fetched at start when
// logged in and as soon as login happens, cleared on logout), and tells the app what happened
// through events, which the app shell turns into the toasts of spec section 8.

export type BasketStatus = 'idle' | 'loading' | 'ready' | 'failed';

export type BasketState = {
  /** spec 4: null when the basket is empty. */
  basket: Basket | null;
  /**
   * 'idle': nobody is logged in, or nothing was asked yet; 'loading': the first fetch runs;
   * 'ready': `basket` is the server's answer; 'failed': the fetch failed and no basket is known.
   */
  status: BasketStatus;
  /** The failed fetch's message while status is 'failed'. */
  error: string | null;
  /** The item removed last, while Undo can still bring it back. */
  removed: BasketItem | null;
  /**
   * Issue 16: the country the buyer chose for the VAT (basket page or checkout), sent with every
   * cart call; null lets the server take the account's country (`basket.vat_country` says which).
   */
  country: string | null;
  /** The bundle added last and the single reports it replaced, while Undo can still swap them back. */
  replacement: { bundle: BasketItem; replaced: ReplacedItem[] } | null;
};

/** The store's calls, named as the events and outcomes report them. */
export type BasketAction = 'fetch' | 'addItem' | 'updateQuantity' | 'removeItem' | 'undoRemove' | 'undoReplace' | 'clear' | 'applyCoupon' | 'removeCoupon';

export type BasketEvent =
  | { type: 'itemAdded'; item: BasketItem }
  | { type: 'itemRemoved'; item: BasketItem }
  | { type: 'itemRestored'; item: BasketItem }
  | { type: 'cleared' }
  | { type: 'couponApplied'; code: string }
  | { type: 'couponRemoved' }
  /** spec 5: a product already in the basket is not added again; the info names it. */
  | { type: 'itemAlreadyExists'; title: string }
  /** spec 5: an item with neither a product id nor a known sku. */
  | { type: 'invalidItem' }
  /** Issue 16: the added bundle took its single reports out of the basket (Undo swaps them back). */
  | { type: 'bundleReplaced'; bundle: BasketItem; replaced: ReplacedItem[] }
  /** Undo of bundleReplaced: the single reports are back, the bundle gone. */
  | { type: 'replacementUndone'; replaced: ReplacedItem[] }
  /** Issue 16: a single report whose bundle is in the basket (the server's 409 includedInBundle). */
  | { type: 'includedInBundle'; bundleTitle: string }
  /** spec 8: each call's error is shown; `error` is the most precise message the call gave. */
  | { type: 'failed'; action: BasketAction; error: string };

export type BasketOutcome =
  | { ok: true; basket: Basket | null }
  | { ok: false; error: string; errors: Record<string, string[]> | null; status: number };

export type BasketStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): BasketState;
  /** What happened, for toasts. Events sent while nobody listens wait (10 s) for the first listener. */
  subscribeEvents(listener: (event: BasketEvent) => void): () => void;
  /** Follows the session from now on: fetch when a user is (or gets) logged in, reset when none is. Idempotent. */
  start(): void;
  /** `GET /api/cart`. Parallel calls share one request. */
  fetch(): Promise<BasketOutcome>;
  /**
   * `POST /api/cart/items`; without a quantity the server takes the product's minimum. A product
   * already in the basket is refused here (spec 5) without asking the server.
   */
  addItem(productId: string, quantity?: number): Promise<BasketOutcome>;
  /** `PATCH /api/cart/items/{product_id}` with the new quantity (at least the product's minimum). */
  updateQuantity(productId: string, quantity: number): Promise<BasketOutcome>;
  /** `DELETE /api/cart/items/{product_id}`; 204 means the basket is now empty. An absent item does nothing (spec 5). */
  removeItem(productId: string): Promise<BasketOutcome>;
  /** Re-adds the item removed last, and its discount code when the removal dropped it (spec 4). */
  undoRemove(): Promise<BasketOutcome>;
  /** Issue 16: takes the bundle added last out again and brings back the single reports it replaced. */
  undoReplace(): Promise<BasketOutcome>;
  /**
   * Issue 16: prices the basket for this country from now on (every cart call sends it), or for
   * the account's own country again with null; fetches the basket priced so.
   */
  chooseCountry(country: string | null): Promise<BasketOutcome>;
  /** `DELETE /api/cart`: empties the basket on the server. */
  clear(): Promise<BasketOutcome>;
  /** `POST /api/cart/coupon`; an empty code is refused here with 'Please enter a discount code.' (spec 5). */
  applyCoupon(code: string): Promise<BasketOutcome>;
  /** `DELETE /api/cart/coupon`; without an applied coupon it does nothing (spec 5). */
  removeCoupon(): Promise<BasketOutcome>;
  /** Forgets the basket here only (spec 2: logging out clears the basket state; the server keeps it). */
  reset(): void;
};

export type BasketStoreOptions = {
  http: HttpClient;
  session: SessionStore;
  translate?: (key: string, values?: Record<string, unknown>) => string;
  /** For tests: the clock that ages events nobody has listened to yet. */
  now?: () => number;
  /** The browser's region ('FR'), '' when unknown; the server uses it only for an account that names no country. */
  region?: () => string;
};

const initialState: BasketState = { basket: null, status: 'idle', error: null, removed: null, country: null, replacement: null };

/** How long an event waits for a listener (the app shell mounts a moment after login). */
const eventShelfLifeMs = 10_000;
const maxWaitingEvents = 5;

// The contract's zod loads with the first cart call, not with the module (it may sit on the
// start-up path, whose size is budgeted: issue 3).
const envelopeSchema = () => import('@app/contract/basket').then((module) => module.basketEnvelope);
const addItemSchema = () => import('@app/contract/basket').then((module) => module.addCartItemEnvelope);

/** spec 4: a basket without items is the empty basket, null. */
function basketOrNull(basket: Basket | null | undefined): Basket | null {
  return basket && basket.items.length > 0 ? basket : null;
}

function findItem(basket: Basket | null, productId: string): BasketItem | undefined {
  return basket?.items.find((item) => item.product_id === productId);
}

/** A bundle grants several reports and is no single report (contract: report_type null). */
function isBundle(item: BasketItem): boolean {
  return item.report_type === null && item.report_types.length > 1;
}

/** The most precise text of a failure: the first field message, else the call's message. */
function detailOf(outcome: { error: string; errors: Record<string, string[]> | null }, field?: string): string {
  if (field !== undefined) {
    const message = outcome.errors?.[field]?.[0];
    if (message) return message;
  }
  for (const messages of Object.values(outcome.errors ?? {})) {
    if (messages[0]) return messages[0];
  }
  return outcome.error;
}

export function createBasketStore(options: BasketStoreOptions): BasketStore {
  const { http, session } = options;
  const translate = options.translate ?? t;
  const now = options.now ?? Date.now;
  const region = options.region ?? (() => browserCountry());

  let state: BasketState = initialState;
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: BasketEvent) => void>();
  let waitingEvents: { event: BasketEvent; at: number }[] = [];

  // Bumped by reset(): answers to calls made before a logout are dropped.
  let generation = 0;
  // Bumped by every applied answer: a fetch that started before a change must not undo it.
  let version = 0;
  let fetchInFlight: Promise<BasketOutcome> | null = null;
  // The discount code the basket had before the last removal, for undo (see undoRemove).
  let removedCouponCode: string | null = null;
  // The user whose basket this is; set by start().
  let owner: string | null = null;
  let started = false;

  const setState = (next: Partial<BasketState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const emit = (event: BasketEvent) => {
    if (eventListeners.size === 0) {
      waitingEvents = [...waitingEvents, { event, at: now() }].slice(-maxWaitingEvents);
      return;
    }
    eventListeners.forEach((listener) => listener(event));
  };

  const applyBasket = (basket: Basket | null) => {
    version += 1;
    setState({ basket: basketOrNull(basket), status: 'ready', error: null });
  };

  const failure = (result: RequestResult<unknown>): BasketOutcome & { ok: false } => ({
    ok: false,
    error: result.error ?? translate('global.genericError'),
    errors: result.errors,
    status: result.status,
  });

  /** A refusal made here, before any request (spec 5's client-side rules). */
  const refusal = (field: string, message: string): BasketOutcome & { ok: false } => ({
    ok: false,
    error: message,
    errors: { [field]: [message] },
    status: 422,
  });

  // What a call answers when a logout came first: the basket here is empty, and nothing is said.
  const afterReset = (): BasketOutcome => ({ ok: true, basket: null });

  /**
   * Runs one cart call whose answer is `{ data: basket }` or 204 (empty) and applies it; null when
   * the answer arrived after a reset (it belongs to the session that ended).
   */
  const send = async (call: () => Promise<RequestResult<BasketEnvelope>>): Promise<BasketOutcome | null> => {
    const startedIn = generation;
    const result = await call();
    if (generation !== startedIn) return null;
    if (result.error !== null) return failure(result);
    applyBasket(result.data?.data ?? null);
    return { ok: true, basket: state.basket };
  };

  // Issue 16: every cart call prices for the same country, so that their answers agree: the one
  // the buyer chose, else (on the server) the account's, else the browser's region.
  const pricingQuery = (): QueryParams => ({ country: state.country, region: region() || undefined });
  const withPricing = (path: string): string => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(pricingQuery())) if (typeof value === 'string') search.set(key, value);
    const query = search.toString();
    return query === '' ? path : `${path}?${query}`;
  };

  const requestBasket = (): Promise<BasketOutcome> => {
    const startedIn = generation;
    const startedAt = version;
    if (state.basket === null && state.status !== 'ready') setState({ status: 'loading', error: null });
    return http.get(shopApiPaths.cart, pricingQuery(), { schema: envelopeSchema }).then((result): BasketOutcome => {
      if (generation !== startedIn) return afterReset();
      if (result.error !== null) {
        const outcome = failure(result);
        if (state.status !== 'ready') setState({ status: 'failed', error: outcome.error });
        emit({ type: 'failed', action: 'fetch', error: outcome.error });
        return outcome;
      }
      // A change answered while this fetch ran is newer than what this fetch saw.
      if (version === startedAt) applyBasket(result.data?.data ?? null);
      return { ok: true, basket: state.basket };
    });
  };

  const fetchBasket = (): Promise<BasketOutcome> => {
    fetchInFlight ??= requestBasket().finally(() => {
      fetchInFlight = null;
    });
    return fetchInFlight;
  };

  /** POST /api/cart/items; the outcome, with the single reports an added bundle replaced. */
  const postItem = async (productId: string, quantity: number | undefined): Promise<{ outcome: BasketOutcome; replaced: ReplacedItem[] } | null> => {
    const body: AddCartItemRequest = quantity === undefined ? { product_id: productId } : { product_id: productId, quantity };
    let replaced: ReplacedItem[] = [];
    const outcome = await send(async () => {
      const result: RequestResult<AddCartItemEnvelope> = await http.post(withPricing(shopApiPaths.cartItems), body, { schema: addItemSchema });
      replaced = result.data?.replaced ?? [];
      return result;
    });
    return outcome === null ? null : { outcome, replaced };
  };

  const postCoupon = (code: string) =>
    send(() => http.post(withPricing(shopApiPaths.cartCoupon), { coupon_code: code }, { schema: envelopeSchema }));

  const isQuantity = (quantity: number) => Number.isSafeInteger(quantity) && quantity >= 1;

  const reset = () => {
    generation += 1;
    version += 1;
    fetchInFlight = null;
    removedCouponCode = null;
    waitingEvents = [];
    setState(initialState);
  };

  // Called on every session change. The fetch waits a microtask: the session store announces the
  // user before it writes the tokens, and the request must carry the new token.
  const followSession = () => {
    const { user, token } = session.getSnapshot();
    const current = user !== null && token !== null ? user.id : null;
    if (current === owner) return;
    const previous = owner;
    owner = current;
    if (previous !== null) reset();
    if (current !== null) queueMicrotask(() => void fetchBasket());
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,

    subscribeEvents(listener) {
      eventListeners.add(listener);
      const waiting = waitingEvents.filter(({ at }) => now() - at <= eventShelfLifeMs);
      waitingEvents = [];
      waiting.forEach(({ event }) => listener(event));
      return () => eventListeners.delete(listener);
    },

    start() {
      if (started) return;
      started = true;
      session.subscribe(followSession);
      // spec 2: the basket is fetched as soon as login happens (after the tokens are stored).
      session.onLogin(() => {
        void fetchBasket();
      });
      followSession();
    },

    fetch: fetchBasket,

    async addItem(productId, quantity) {
      const id = productId.trim();
      if (id === '') {
        emit({ type: 'invalidItem' });
        return refusal('product_id', translate('basket.toasts.invalidItem'));
      }
      if (quantity !== undefined && !isQuantity(quantity)) {
        return refusal('quantity', translate('validation.minimalQuantity', { value: 1 }));
      }
      const existing = findItem(state.basket, id);
      if (existing) {
        emit({ type: 'itemAlreadyExists', title: existing.product_title });
        return refusal('product_id', translate('basket.toasts.itemAlreadyExists'));
      }
      const posted = await postItem(id, quantity);
      if (posted === null) return afterReset();
      const { outcome, replaced } = posted;
      if (outcome.ok) {
        const item = findItem(outcome.basket, id);
        if (item && replaced.length > 0) {
          // Issue 16: the bundle took the place of its single reports; Undo swaps them back.
          setState({ replacement: { bundle: item, replaced } });
          emit({ type: 'bundleReplaced', bundle: item, replaced });
        } else if (item) {
          emit({ type: 'itemAdded', item });
        }
        return outcome;
      }
      if (outcome.status === 409) {
        // itemAlreadyExists (contract: 409): added meanwhile in another tab; or includedInBundle
        // (issue 16): the report's bundle is in the basket. Show the basket as it is now, and name
        // the product or the bundle.
        await fetchBasket();
        const existing = findItem(state.basket, id);
        const bundle = existing ? undefined : state.basket?.items.find(isBundle);
        if (bundle) emit({ type: 'includedInBundle', bundleTitle: bundle.product_title });
        else emit({ type: 'itemAlreadyExists', title: existing?.product_title ?? '' });
      } else if (outcome.errors?.product_id || outcome.errors?.sku) {
        // Loaded already (the call's answer schema); kept off the start-up bundle like the schemas.
        const { basketRuleMessages } = await import('@app/contract/basket');
        const refusal = outcome.errors.product_id?.[0];
        if (refusal === undefined || refusal === basketRuleMessages.invalidItem) {
          // invalidItem (contract: 422 on product_id): unknown, or not for sale.
          emit({ type: 'invalidItem' });
        } else {
          // Another refusal of this product (a report the user already owns): in its own words.
          emit({ type: 'failed', action: 'addItem', error: refusal });
        }
      } else {
        emit({ type: 'failed', action: 'addItem', error: detailOf(outcome, 'quantity') });
      }
      return outcome;
    },

    async updateQuantity(productId, quantity) {
      const item = findItem(state.basket, productId);
      if (!item) return { ok: true, basket: state.basket };
      const minimum = item.minimum_quantity;
      if (!isQuantity(quantity) || quantity < minimum) {
        return refusal('quantity', translate('validation.minimalQuantity', { value: minimum }));
      }
      if (quantity === item.quantity) return { ok: true, basket: state.basket };
      const outcome = await send(() => http.patch(withPricing(shopApiPaths.cartItem(productId)), { quantity }, { schema: envelopeSchema }));
      if (outcome === null) return afterReset();
      if (!outcome.ok) emit({ type: 'failed', action: 'updateQuantity', error: detailOf(outcome, 'quantity') });
      return outcome;
    },

    async removeItem(productId) {
      const item = findItem(state.basket, productId);
      // spec 5: removing an item that is not in the basket does nothing.
      if (!item) return { ok: true, basket: state.basket };
      const couponCode = state.basket?.coupon?.code ?? state.basket?.coupon_code ?? null;
      const outcome = await send(() => http.delete(withPricing(shopApiPaths.cartItem(productId)), undefined, { schema: envelopeSchema }));
      if (outcome === null) return afterReset();
      if (!outcome.ok) {
        emit({ type: 'failed', action: 'removeItem', error: detailOf(outcome) });
        return outcome;
      }
      removedCouponCode = couponCode;
      setState({ removed: item });
      emit({ type: 'itemRemoved', item });
      return outcome;
    },

    async undoRemove() {
      const item = state.removed;
      if (!item) return { ok: true, basket: state.basket };
      const couponCode = removedCouponCode;
      setState({ removed: null });
      removedCouponCode = null;
      if (findItem(state.basket, item.product_id)) return { ok: true, basket: state.basket };
      const posted = await postItem(item.product_id, item.quantity);
      if (posted === null) return afterReset();
      const { outcome } = posted;
      if (!outcome.ok) {
        emit({ type: 'failed', action: 'undoRemove', error: detailOf(outcome) });
        return outcome;
      }
      emit({ type: 'itemRestored', item });
      // Removing the last item empties the basket, discount code included (204): bring it back too.
      const codeWasDropped = outcome.basket !== null && outcome.basket.coupon === null && outcome.basket.coupon_code === null;
      if (couponCode === null || !codeWasDropped) return outcome;
      const restored = await postCoupon(couponCode);
      if (restored === null) return afterReset();
      if (!restored.ok) emit({ type: 'failed', action: 'applyCoupon', error: detailOf(restored, 'coupon_code') });
      return restored.ok ? restored : outcome;
    },

    async undoReplace() {
      const replacement = state.replacement;
      if (!replacement) return { ok: true, basket: state.basket };
      setState({ replacement: null });
      // The bundle leaves first: a single report is refused while its bundle is in the basket.
      let outcome: BasketOutcome = { ok: true, basket: state.basket };
      if (findItem(state.basket, replacement.bundle.product_id)) {
        const removed = await send(() => http.delete(withPricing(shopApiPaths.cartItem(replacement.bundle.product_id)), undefined, { schema: envelopeSchema }));
        if (removed === null) return afterReset();
        if (!removed.ok) {
          emit({ type: 'failed', action: 'undoReplace', error: detailOf(removed) });
          return removed;
        }
        outcome = removed;
      }
      for (const item of replacement.replaced) {
        if (findItem(state.basket, item.product_id)) continue;
        const posted = await postItem(item.product_id, item.quantity);
        if (posted === null) return afterReset();
        if (!posted.outcome.ok) {
          emit({ type: 'failed', action: 'undoReplace', error: detailOf(posted.outcome) });
          return posted.outcome;
        }
        outcome = posted.outcome;
      }
      emit({ type: 'replacementUndone', replaced: replacement.replaced });
      return outcome;
    },

    async chooseCountry(country) {
      if (country === state.country) return { ok: true, basket: state.basket };
      setState({ country });
      // A fetch already running asked for the previous country: this one goes after it.
      if (fetchInFlight) await fetchInFlight;
      return fetchBasket();
    },

    async clear() {
      const outcome = await send(() => http.delete(shopApiPaths.cart, undefined, { schema: envelopeSchema }));
      if (outcome === null) return afterReset();
      if (!outcome.ok) {
        emit({ type: 'failed', action: 'clear', error: detailOf(outcome) });
        return outcome;
      }
      // The answer may be a basket without items or a 204; either way the basket is empty now.
      applyBasket(null);
      setState({ removed: null, replacement: null });
      removedCouponCode = null;
      emit({ type: 'cleared' });
      return { ok: true, basket: null };
    },

    async applyCoupon(code) {
      const trimmed = code.trim();
      // spec 5: the discount code must not be empty.
      if (trimmed === '') return refusal('coupon_code', translate('validation.discountCodeRequired'));
      const outcome = await postCoupon(trimmed);
      if (outcome === null) return afterReset();
      if (!outcome.ok) {
        emit({ type: 'failed', action: 'applyCoupon', error: detailOf(outcome, 'coupon_code') });
        return outcome;
      }
      emit({ type: 'couponApplied', code: outcome.basket?.coupon?.code ?? trimmed });
      return outcome;
    },

    async removeCoupon() {
      // spec 5: removing a coupon when none is applied does nothing.
      if (!state.basket?.coupon && !state.basket?.coupon_code) return { ok: true, basket: state.basket };
      const outcome = await send(() => http.delete(withPricing(shopApiPaths.cartCoupon), undefined, { schema: envelopeSchema }));
      if (outcome === null) return afterReset();
      if (!outcome.ok) {
        emit({ type: 'failed', action: 'removeCoupon', error: detailOf(outcome) });
        return outcome;
      }
      emit({ type: 'couponRemoved' });
      return outcome;
    },

    reset,
  };
}

/** The app's basket, on the app's HTTP client and session. */
export const basketStore: BasketStore = createBasketStore({ http: httpClient, session: sessionStore });
