import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the parts of Stripe's HTTP API the server uses (customers, PaymentIntents,
// SetupIntents, payment methods, refunds; Stripe Billing's products, subscriptions, invoices and
// schedules, trials, with a period end the test triggers and the events Stripe would send; a
// deleted customer's subscriptions cancelled), on 127.0.0.1. It speaks Stripe's wire format: form
// bodies with bracketed keys, JSON answers, errors as `{ error: { type, code, ... } }`, and it
// replays the first answer to a repeated Idempotency-Key, as Stripe does.

interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
}

/** Stripe's test payment-method tokens and what each does. */
const knownMethods: Record<string, { last4: string; brand: string; behaviour: 'succeeds' | 'declined' | 'requires_action' }> = {
  pm_card_visa: { last4: '4242', brand: 'visa', behaviour: 'succeeds' },
  pm_card_mastercard: { last4: '4444', brand: 'mastercard', behaviour: 'succeeds' },
  pm_card_chargeDeclined: { last4: '0002', brand: 'visa', behaviour: 'declined' },
  pm_card_authenticationRequired: { last4: '3155', brand: 'visa', behaviour: 'requires_action' },
};

type Json = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  /** Every PaymentIntent created (a replayed idempotent request creates none). */
  paymentIntents: Map<string, Json>;
  setupIntents: Map<string, Json>;
  detached: string[];
  /** Customers deleted with DELETE /v1/customers/{id}. */
  deletedCustomers: string[];
  /**
   * Events Stripe sent on its own (a deleted customer's subscriptions cancelled), oldest first,
   * for the test to deliver; `takeEvents` hands them over and forgets them.
   */
  takeEvents: () => Json[];
  /** Every DELETE /v1/customers/{id} received, failed ones included. */
  customerDeletionAttempts: () => number;
  /** The next `count` customer deletions answer 500 (Stripe having a bad moment). */
  failCustomerDeletions: (count: number) => void;
  /** The buyer finishes 3-D Secure in Stripe.js: the PaymentIntent succeeds. */
  completeAuthentication: (paymentIntentId: string) => void;
  /** Stripe.js confirms a SetupIntent with a test method. */
  completeSetup: (setupIntentId: string, paymentMethod: keyof typeof knownMethods) => void;
  /** Stripe Billing: subscriptions, their invoices and schedules, by id. */
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  schedules: Map<string, Json>;
  /**
   * The subscription's period ends now: Stripe cancels it (cancel at period end), or applies a
   * scheduled phase and invoices the next period, paid with the default card or refused
   * (`decline`: a failed renewal; the subscription goes past due). Answers the events Stripe would send.
   */
  endPeriod: (subscriptionId: string, options?: { decline?: boolean }) => Json[];
  /** The next `count` requests of any kind answer 500 (Stripe unreachable for a moment). */
  failRequests: (count: number) => void;
  /** An event about an object as it is now (a copy: later changes do not show in it). */
  event: (type: string, object: Json) => Json;
  close: () => Promise<void>;
}

/** The settings that put a test app on Stripe, served by the fake at `apiUrl`, with test keys. */
export function stripeTestEnv(apiUrl: string, webhookSecret: string): Record<string, string> {
  return { STRIPE_SECRET_KEY: 'sk_test_local123', STRIPE_PUBLISHABLE_KEY: 'pk_test_local123', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: apiUrl };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const paymentIntents = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const detached: string[] = [];
  const customers = new Set<string>();
  const deletedCustomers: string[] = [];
  let customerDeletionAttempts = 0;
  let customerDeletionFailures = 0;
  let requestFailures = 0;
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  const products = new Set<string>();
  const sentEvents: Json[] = [];


  const missing = (kind: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}` } } });

  const metadataOf = (form: URLSearchParams, prefix = 'metadata'): Record<string, string> => {
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      if (!key.startsWith(`${prefix}[`) || !key.endsWith(']')) continue;
      metadata[key.slice(prefix.length + 1, -1)] = value;
    }
    return metadata;
  };

  interface FakeItem {
    product: string;
    unit_amount: number;
    quantity: number;
    interval_count: number;
  }

  /** `items[n][price_data][...]` (or a schedule phase's) as Stripe reads them. */
  const itemsOf = (form: URLSearchParams, prefix: string): FakeItem[] => {
    const items: FakeItem[] = [];
    for (let index = 0; form.has(`${prefix}[${index}][price_data][product]`); index += 1) {
      const at = `${prefix}[${index}]`;
      items.push({
        product: form.get(`${at}[price_data][product]`) ?? '',
        unit_amount: Number(form.get(`${at}[price_data][unit_amount]`)),
        quantity: Number(form.get(`${at}[quantity]`) ?? 1),
        interval_count: Number(form.get(`${at}[price_data][recurring][interval_count]`) ?? 1),
      });
    }
    return items;
  };

  const addMonths = (seconds: number, months: number) => {
    const date = new Date(seconds * 1000);
    date.setUTCMonth(date.getUTCMonth() + months);
    return Math.floor(date.getTime() / 1000);
  };

  /** The subscription's items for a period starting at `start` (its length from the prices' interval). */
  const setItems = (subscription: Json, items: FakeItem[], start: number) => {
    const months = items[0]?.interval_count ?? 1;
    subscription.items = {
      object: 'list',
      data: items.map((item) => ({
        id: newId('si'),
        object: 'subscription_item',
        price: { id: newId('price'), object: 'price', product: item.product, unit_amount: item.unit_amount, recurring: { interval: 'month', interval_count: item.interval_count } },
        quantity: item.quantity,
        current_period_start: start,
        current_period_end: addMonths(start, months),
      })),
    };
  };

  const periodOf = (subscription: Json) => ((subscription.items as { data: Json[] }).data[0] ?? {}) as { current_period_start: number; current_period_end: number };

  /** The invoice of the subscription's current period, finalised (open) with its PaymentIntent. */
  const invoiceFor = (subscription: Json, reason: string): Json => {
    const period = periodOf(subscription);
    const lines = (subscription.items as { data: Json[] }).data.map((item) => ({
      id: newId('il'),
      object: 'line_item',
      amount: Number((item.price as Json).unit_amount) * Number(item.quantity),
      quantity: item.quantity,
      period: { start: period.current_period_start, end: period.current_period_end },
    }));
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const id = newId('in');
    const intentId = newId('pi');
    paymentIntents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: total,
      currency: 'eur',
      customer: subscription.customer,
      payment_method: null,
      setup_future_usage: 'off_session',
      metadata: {},
      client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
      status: 'requires_payment_method',
      last_payment_error: null,
    });
    const invoice: Json = {
      id,
      object: 'invoice',
      status: 'open',
      billing_reason: reason,
      customer: subscription.customer,
      subscription_id: subscription.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { ...(subscription.metadata as Record<string, string>) } } },
      total,
      amount_due: total,
      amount_paid: 0,
      created: period.current_period_start,
      period_start: period.current_period_start,
      period_end: period.current_period_start,
      lines: { object: 'list', data: lines },
      payment_intent_id: intentId,
      last_finalization_error: null,
      attempt_count: 0,
      next_payment_attempt: null,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  };

  /** Confirms the invoice's PaymentIntent with a test method: paid, refused, or waiting for 3-D Secure. */
  const payInvoice = (invoice: Json, paymentMethod: string | null | undefined): Json | undefined => {
    const intent = paymentIntents.get(String(invoice.payment_intent_id));
    if (!intent) return undefined;
    const known = paymentMethod ? knownMethods[paymentMethod] : undefined;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    intent.payment_method = paymentMethod ?? null;
    intent.status = !known ? 'requires_payment_method' : known.behaviour === 'succeeds' ? 'succeeded' : known.behaviour === 'requires_action' ? 'requires_action' : 'requires_payment_method';
    intent.last_payment_error = known?.behaviour === 'declined' || !known ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } : null;
    settle();
    return intent;
  };

  /** What follows a PaymentIntent's outcome (3-D Secure finished in Stripe.js included): the invoice paid, the subscription active. */
  const settle = () => {
    for (const invoice of invoices.values()) {
      const intent = paymentIntents.get(String(invoice.payment_intent_id));
      if (invoice.status !== 'open' || intent?.status !== 'succeeded') continue;
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.total, amount_due: 0, next_payment_attempt: null });
      const subscription = subscriptions.get(String(invoice.subscription_id));
      if (subscription && subscription.latest_invoice === invoice.id && (subscription.status === 'incomplete' || subscription.status === 'past_due' || subscription.status === 'trialing')) subscription.status = 'active';
    }
  };

  const expands = (form: URLSearchParams) => form.getAll('expand[]').concat([...form.keys()].filter((key) => /^expand\[\d+\]$/.test(key)).map((key) => form.get(key) ?? ''));

  const expandInvoice = (invoice: Json, form: URLSearchParams | null, always = false): Json => {
    const { payment_intent_id: intentId, subscription_id: _subscription, ...rest } = invoice;
    void _subscription;
    const wanted = always || (form !== null && expands(form).some((path) => path === 'payments' || path === 'latest_invoice.payments'));
    const payments = intentId ? [{ id: newId('inpay'), object: 'invoice_payment', is_default: true, status: rest.status === 'paid' ? 'paid' : 'open', payment: { type: 'payment_intent', payment_intent: intentId } }] : [];
    return wanted ? { ...rest, payments: { object: 'list', data: payments } } : rest;
  };

  const expandSubscription = (subscription: Json, form: URLSearchParams): Json => {
    const latest = subscription.latest_invoice ? invoices.get(String(subscription.latest_invoice)) : undefined;
    const wanted = expands(form).includes('latest_invoice.payments');
    return { ...subscription, latest_invoice: latest ? (wanted ? expandInvoice(latest, null, true) : latest.id) : null };
  };

  const snapshot = (object: Json): Json => {
    if (object.object === 'invoice') return expandInvoice(object, null);
    return JSON.parse(JSON.stringify(object)) as Json;
  };

  const methodObject = (id: string, customer: string | null): FakePaymentMethod => {
    const known = knownMethods[id] ?? { last4: '4242', brand: 'visa' };
    return { id, object: 'payment_method', type: 'card', card: { brand: known.brand, last4: known.last4, exp_month: 12, exp_year: 2034 }, customer };
  };

  const expandIntent = (intent: Json, expand: boolean): Json =>
    expand && typeof intent.payment_method === 'string' ? { ...intent, payment_method: methodObject(intent.payment_method, (intent.customer as string) ?? null) } : intent;

  function handle(method: string, path: string, form: URLSearchParams): { status: number; body: Json } {
    const expandMethod = form.getAll('expand[]').concat(form.getAll('expand[0]')).includes('payment_method');
    if (method === 'POST' && path === '/v1/customers') {
      const id = newId('cus');
      customers.add(id);
      return { status: 200, body: { id, object: 'customer', email: form.get('email') } };
    }
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(path)?.[1];
    if (method === 'DELETE' && customer) {
      customerDeletionAttempts += 1;
      if (customerDeletionFailures > 0) {
        customerDeletionFailures -= 1;
        return { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } } };
      }
      if (!customers.delete(customer)) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${customer}'` } } };
      deletedCustomers.push(customer);
      // Stripe cancels the deleted customer's subscriptions at once, and says so.
      for (const subscription of subscriptions.values()) {
        if (subscription.customer !== customer || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
        Object.assign(subscription, { status: 'canceled', schedule: null });
        sentEvents.push(event('customer.subscription.deleted', subscription));
      }
      return { status: 200, body: { id: customer, object: 'customer', deleted: true } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const paymentMethod = form.get('payment_method') ?? '';
      const known = knownMethods[paymentMethod];
      if (!known) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${paymentMethod}'` } } };
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const id = newId('pi');
      const intent: Json = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        payment_method: paymentMethod,
        setup_future_usage: form.get('setup_future_usage'),
        metadata,
        client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
        status: known.behaviour === 'succeeds' ? 'succeeded' : known.behaviour === 'requires_action' ? 'requires_action' : 'requires_payment_method',
        last_payment_error: known.behaviour === 'declined' ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } : null,
      };
      paymentIntents.set(id, intent);
      if (known.behaviour === 'declined') {
        return {
          status: 402,
          body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: intent } },
        };
      }
      return { status: 200, body: expandIntent(intent, expandMethod) };
    }
    let match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (match?.[1]) {
      const intent = paymentIntents.get(match[1]);
      if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } } };
      if (match[2]) {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${String(intent.status)}` } } };
        }
        intent.status = 'canceled';
      }
      return { status: 200, body: expandIntent(intent, expandMethod) };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = newId('seti');
      const intent: Json = { id, object: 'setup_intent', customer: form.get('customer'), status: 'requires_payment_method', client_secret: `${id}_secret_x`, payment_method: null };
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    match = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (match?.[1]) {
      const intent = setupIntents.get(match[1]);
      if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setup_intent' } } };
      return { status: 200, body: expandIntent(intent, expandMethod) };
    }
    match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (match?.[1]) {
      detached.push(match[1]);
      return { status: 200, body: methodObject(match[1], null) as unknown as Json };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return { status: 200, body: { id: newId('re'), object: 'refund', payment_intent: form.get('payment_intent'), status: 'succeeded' } };
    }

    // Stripe Billing.
    match = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === 'POST' && match?.[1]) {
      if (!knownMethods[match[1]]) return missing('payment_method');
      return { status: 200, body: methodObject(match[1], form.get('customer')) as unknown as Json };
    }
    if (method === 'POST' && path === '/v1/products') {
      const id = form.get('id') ?? newId('prod');
      if (products.has(id)) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_already_exists', message: `Product already exists.` } } };
      products.add(id);
      return { status: 200, body: { id, object: 'product', name: form.get('name') } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customerId = form.get('customer') ?? '';
      if (!customers.has(customerId)) return missing('customer');
      const paymentMethod = form.get('default_payment_method');
      const items = itemsOf(form, 'items');
      if (items.some((item) => !products.has(item.product))) return missing('product');
      const start = Math.floor(Date.now() / 1000);
      const trialEnd = form.has('trial_end') ? Number(form.get('trial_end')) : null;
      if (trialEnd !== null && !(trialEnd > start)) return { status: 400, body: { error: { type: 'invalid_request_error', param: 'trial_end', message: 'Invalid timestamp: must be an integer Unix timestamp in the future.' } } };
      const id = newId('sub');
      const subscription: Json = {
        id,
        object: 'subscription',
        customer: customerId,
        status: trialEnd === null ? 'incomplete' : 'trialing',
        cancel_at_period_end: false,
        default_payment_method: paymentMethod,
        metadata: metadataOf(form),
        schedule: null,
        items: { object: 'list', data: [] },
        latest_invoice: null,
      };
      setItems(subscription, items, start);
      subscriptions.set(id, subscription);
      if (trialEnd !== null) {
        // A trial until then: its period ends at the trial's end, and its first invoice is €0, paid, with no payment.
        for (const item of (subscription.items as { data: Json[] }).data) item.current_period_end = trialEnd;
        const invoice = invoiceFor(subscription, 'subscription_create');
        paymentIntents.delete(String(invoice.payment_intent_id));
        Object.assign(invoice, { status: 'paid', total: 0, amount_due: 0, payment_intent_id: null, lines: { object: 'list', data: [] } });
        return { status: 200, body: expandSubscription(subscription, form) };
      }
      const invoice = invoiceFor(subscription, 'subscription_create');
      payInvoice(invoice, paymentMethod);
      return { status: 200, body: expandSubscription(subscription, form) };
    }
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match?.[1]) {
      const subscription = subscriptions.get(match[1]);
      if (!subscription) return missing('subscription');
      if (method === 'POST') {
        if (subscription.status === 'canceled' && (form.has('cancel_at_period_end') || form.has('default_payment_method'))) {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' } } };
        }
        if (form.has('cancel_at_period_end') && subscription.schedule) {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.` } } };
        }
        if (form.has('cancel_at_period_end')) subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        if (form.has('default_payment_method')) subscription.default_payment_method = form.get('default_payment_method');
      }
      return { status: 200, body: expandSubscription(subscription, form) };
    }
    match = /^\/v1\/invoices\/([^/]+)(\/pay)?$/.exec(path);
    if (match?.[1]) {
      const invoice = invoices.get(match[1]);
      if (!invoice) return missing('invoice');
      if (match[2]) {
        if (invoice.status !== 'open') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'invoice_unexpected_state', message: 'Invoice is already paid' } } };
        const intent = payInvoice(invoice, form.get('payment_method') ?? (subscriptions.get(String(invoice.subscription_id))?.default_payment_method as string | null));
        if (intent?.status === 'requires_action') {
          return { status: 402, body: { error: { type: 'invalid_request_error', code: 'invoice_payment_intent_requires_action', message: 'This payment requires additional user action before it can be completed successfully.' } } };
        }
        if (intent?.status !== 'succeeded') return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } };
      }
      return { status: 200, body: expandInvoice(invoice, form) };
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const subscription = subscriptions.get(form.get('from_subscription') ?? '');
      if (!subscription) return missing('subscription');
      if (subscription.schedule) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'You cannot migrate a subscription that is already attached to a schedule.' } } };
      const item = (subscription.items as { data: Json[] }).data[0] as { current_period_start: number; current_period_end: number };
      const id = newId('sub_sched');
      const phaseItems = (subscription.items as { data: Json[] }).data.map((entry) => ({ price: (entry.price as Json).id, quantity: entry.quantity }));
      const schedule: Json = {
        id,
        object: 'subscription_schedule',
        subscription: subscription.id,
        end_behavior: 'release',
        current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
        phases: [{ start_date: item.current_period_start, end_date: item.current_period_end, items: phaseItems }],
      };
      subscription.schedule = id;
      schedules.set(id, schedule);
      return { status: 200, body: schedule };
    }
    match = /^\/v1\/subscription_schedules\/([^/]+)\/release$/.exec(path);
    if (method === 'POST' && match?.[1]) {
      const schedule = schedules.get(match[1]);
      if (!schedule) return missing('subscription_schedule');
      // The subscription runs on as it is; the phases to come are dropped.
      const subscription = subscriptions.get(String(schedule.subscription));
      if (subscription) subscription.schedule = null;
      schedule.status = 'released';
      return { status: 200, body: schedule };
    }
    match = /^\/v1\/subscription_schedules\/([^/]+)$/.exec(path);
    if (match?.[1]) {
      const schedule = schedules.get(match[1]);
      if (!schedule) return missing('subscription_schedule');
      if (method === 'POST' && form.has('phases[0][end_date]')) {
        const next = itemsOf(form, 'phases[1][items]');
        if (next.some((item) => !products.has(item.product))) return missing('product');
        const first = schedule.phases as Json[];
        schedule.phases = [
          { ...first[0], end_date: Number(form.get('phases[0][end_date]')) },
          { items: next, duration: { interval: 'month', interval_count: Number(form.get('phases[1][duration][interval_count]')) }, metadata: metadataOf(form, 'phases[1][metadata]') },
        ];
        schedule.end_behavior = form.get('end_behavior');
        schedule.proration_behavior = form.get('proration_behavior');
      }
      return { status: 200, body: schedule };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  function event(type: string, object: Json): Json {
    return { id: newId('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: snapshot(object) } };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const form = new URLSearchParams(request.method === 'GET' ? url.search : raw);
      const key = request.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' ? `${request.method} ${url.pathname} ${key}` : undefined;
      settle();
      if (requestFailures > 0) {
        requestFailures -= 1;
        response.writeHead(500, { 'content-type': 'application/json', 'request-id': newId('req') });
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } }));
        return;
      }
      const answer = (cacheKey && idempotent.get(cacheKey)) || handle(request.method ?? 'GET', url.pathname, form);
      if (cacheKey && !idempotent.has(cacheKey)) idempotent.set(cacheKey, answer);
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    paymentIntents,
    setupIntents,
    detached,
    deletedCustomers,
    takeEvents: () => sentEvents.splice(0),
    customerDeletionAttempts: () => customerDeletionAttempts,
    failCustomerDeletions: (count) => void (customerDeletionFailures = count),
    completeAuthentication: (id) => {
      const intent = paymentIntents.get(id);
      if (intent) intent.status = 'succeeded';
    },
    completeSetup: (id, paymentMethod) => {
      const intent = setupIntents.get(id);
      if (intent) Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod });
    },
    subscriptions,
    invoices,
    schedules,
    endPeriod: (subscriptionId, options = {}) => {
      settle();
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      // An ended subscription has no more periods: nothing is invoiced, nothing is sent.
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return [];
      const period = periodOf(subscription);
      if (subscription.cancel_at_period_end) {
        subscription.status = 'canceled';
        return [event('customer.subscription.deleted', subscription)];
      }
      const schedule = subscription.schedule ? schedules.get(String(subscription.schedule)) : undefined;
      const nextPhase = (schedule?.phases as Json[] | undefined)?.[1] as { items: FakeItem[]; metadata: Record<string, string> } | undefined;
      if (schedule && nextPhase) {
        // The schedule's second phase starts, then (end_behavior release) the subscription runs on alone.
        setItems(subscription, nextPhase.items, period.current_period_end);
        subscription.metadata = { ...(subscription.metadata as Record<string, string>), ...nextPhase.metadata };
        subscription.schedule = null;
        schedule.status = 'released';
      } else {
        setItems(
          subscription,
          (subscription.items as { data: Json[] }).data.map((item) => ({
            product: String((item.price as Json).product),
            unit_amount: Number((item.price as Json).unit_amount),
            quantity: Number(item.quantity),
            interval_count: Number(((item.price as Json).recurring as Json).interval_count),
          })),
          period.current_period_end,
        );
      }
      const invoice = invoiceFor(subscription, 'subscription_cycle');
      const intent = payInvoice(invoice, options.decline ? 'pm_card_chargeDeclined' : (subscription.default_payment_method as string | null));
      if (intent?.status !== 'succeeded') {
        // Stripe's retries (Smart Retries) come later; the subscription is past due meanwhile.
        subscription.status = 'past_due';
        invoice.next_payment_attempt = period.current_period_end + 3 * 24 * 60 * 60;
        return [event('customer.subscription.updated', subscription), event('invoice.payment_failed', invoice)];
      }
      return [event('customer.subscription.updated', subscription), event('invoice.paid', invoice)];
    },
    event: (type, object) => event(type, object),
    failRequests: (count) => void (requestFailures = count),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
