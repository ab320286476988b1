import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the parts of Stripe's HTTP API the server uses (customers, PaymentIntents,
// SetupIntents, payment methods, refunds), on 127.0.0.1. It speaks Stripe's wire format: form
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
  /** Every DELETE /v1/customers/{id} received, failed ones included. */
  customerDeletionAttempts: () => number;
  /** The next `count` customer deletions answer 500 (Stripe having a bad moment). */
  failCustomerDeletions: (count: number) => void;
  /** The buyer finishes 3-D Secure in Stripe.js: the PaymentIntent succeeds. */
  completeAuthentication: (paymentIntentId: string) => void;
  /** Stripe.js confirms a SetupIntent with a test method. */
  completeSetup: (setupIntentId: string, paymentMethod: keyof typeof knownMethods) => void;
  close: () => Promise<void>;
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
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
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
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
