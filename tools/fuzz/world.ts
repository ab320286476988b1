import { randomUUID } from 'node:crypto';
import { call, newSession, send, type Session } from './http-client.ts';
import type { Random } from './random.ts';

// The fuzz user's own world, made through the API before the run: a verified account with birth
// details, an answer, a paid order (an invoice, a report), a saved card, a basket with an item and
// an active organisation with its invitations and first period invoice. Its ids are what valid
// requests name (KnownValues), and what the consistency checks after the run read back.

export const fuzzPassword = 'Blue-Harbour-Lantern-42';

export interface FuzzWorld {
  email: string;
  userId: string;
  session: Session;
  known: Map<string, unknown[]>;
  orderIds: string[];
  organisationIds: string[];
  reportPaths: string[];
}

interface Product {
  id: string;
  sku: string;
  minimum_quantity?: number;
}

const description = 'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams. '.repeat(4);

export async function registerFuzzUser(baseUrl: string, random: Random, label: string): Promise<{ session: Session; email: string; userId: string }> {
  const session = await newSession(baseUrl, random.clientAddress());
  const email = `fuzz-${label}-${random.hex(8)}@example.com`;
  const registered = await call<{ access_token: string; account: { id: string } }>(baseUrl, session, 'POST', '/api/register', {
    name: `Fuzz ${label}`,
    email,
    password: fuzzPassword,
    password_confirmation: fuzzPassword,
    accept_privacy_policy: true,
    accept_terms: true,
  }, 201);
  session.accessToken = registered.access_token;
  return { session, email, userId: registered.account.id };
}

async function verifyEmail(baseUrl: string, session: Session, email: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const outbox = await call<{ data: { links: string[] }[] }>(baseUrl, session, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`, undefined, 200);
    const link = outbox.data.flatMap((message) => message.links).find((candidate) => /\/verify-email\/[^/?]+\/[^/?]+\?/.test(candidate));
    if (link) {
      const url = new URL(link);
      const [, , id, hash] = url.pathname.split('/');
      await call(baseUrl, session, 'POST', '/api/email/verify', { id, hash, expires: Number(url.searchParams.get('expires')), signature: url.searchParams.get('signature') }, 200);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification e-mail to ${email} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };

export async function buildWorld(baseUrl: string, random: Random): Promise<FuzzWorld> {
  const { session, email, userId } = await registerFuzzUser(baseUrl, random, 'owner');
  await verifyEmail(baseUrl, session, email);
  await call(baseUrl, session, 'PUT', '/api/user/birth-details', {
    birth_date: '1990-03-07', birth_time: '14:05:00', birth_city: 'Zürich', birth_country: 'Switzerland', country_code: 'CH', latitude: 47.36667, longitude: 8.55, timezone: 'Europe/Zurich',
  }, 200);

  // One answer (the questionnaire's first question), so the answers' reads have something to read.
  const first = await call<{ question: { id: string; choices: { id: string }[] }; next: string | null }>(baseUrl, session, 'GET', '/me/question', undefined, 200);
  await call(baseUrl, session, 'POST', `/me/question/${encodeURIComponent(first.question.id)}/answer`, { choice_id: first.question.choices[0]!.id }, 200);

  const products = (await call<{ data: Product[] }>(baseUrl, session, 'GET', '/api/products', undefined, 200)).data;
  const report = products.find((product) => product.sku === 'REPORT-BIG5') ?? products[0]!;
  await call(baseUrl, session, 'POST', '/api/cart/items', { product_id: report.id }, 200);
  const billing = { first_name: 'Fuzz', last_name: 'Owner', email, address: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };
  await call(baseUrl, session, 'POST', '/api/checkout', {
    billing, payment: { method: 'card', card, save_card: true }, idempotency_key: `fuzz_${random.hex(16)}`, digital_content_consent: true,
  }, 200);
  // Something in the basket for the run's basket calls.
  const values = products.find((product) => product.sku === 'REPORT-VALUES') ?? report;
  await call(baseUrl, session, 'POST', '/api/cart/items', { product_id: values.id }, 200);

  const service = products.find((product) => product.sku === 'SERVICE-TEAM-PROFILES')!;
  const organisation = await call<{ data: { id: string } }>(baseUrl, session, 'POST', '/api/organisations', {
    creation_key: randomUUID(),
    type: 'business',
    services: [{ product_id: service.id, quantity: service.minimum_quantity ?? 5 }],
    details: {
      name: 'Fuzz & Co',
      address: '12 Market Street, Leeds',
      registration_number: '09876543',
      vat_code: 'GB123456789',
      business_description: description,
      users: [{ position_title: 'Director', full_name: 'Zofia Director', email: `zofia-${random.hex(6)}@example.com` }],
      employees: [1, 2, 3].map((index) => ({ position_title: 'Carpenter', name: `Employee ${index}`, email: `employee${index}-${random.hex(6)}@example.com` })),
    },
    plan: 'monthly',
    billing_details: { name: 'Fuzz & Co', billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
  }, 201);

  // Active, so that its subscription, invoices, invitations and team reports have something to answer with.
  await call(baseUrl, session, 'POST', `/api/organisations/${organisation.data.id}/activate`, { idempotency_key: randomUUID(), payment: { method: 'card', card } }, 200);
  const periodInvoices = (await call<{ data: { id: string }[] }>(baseUrl, session, 'GET', `/api/organisations/${organisation.data.id}/subscription/invoices`, undefined, 200)).data;
  const orders = (await call<{ data: { id: string }[] }>(baseUrl, session, 'GET', '/api/orders', undefined, 200)).data;
  const methods = (await call<{ data: { id: string }[] }>(baseUrl, session, 'GET', '/api/payment-methods', undefined, 200)).data;
  const reports = (await call<{ data: { id: string; type: string }[] }>(baseUrl, session, 'GET', '/api/reports', undefined, 200)).data;
  const invitations = await send(baseUrl, { method: 'GET', url: `/api/organisations/${organisation.data.id}/invitations`, session });
  const invitationIds = invitations.status === 200 ? ((JSON.parse(invitations.body) as { data: { id: string }[] }).data ?? []).map((row) => row.id) : [];

  const organisationIds = [organisation.data.id];
  const known = new Map<string, unknown[]>([
    ['organisationId', organisationIds],
    ['clientId', organisationIds],
    ['expertId', organisationIds],
    ['orderId', orders.map((order) => order.id)],
    ['productId', products.map((product) => product.id)],
    ['product_id', products.map((product) => product.id)],
    ['paymentMethodId', methods.map((method) => method.id)],
    ['payment_method_id', methods.map((method) => method.id)],
    ['questionId', [first.question.id, ...(first.next ? [first.next] : [])]],
    ['choice_id', first.question.choices.map((choice) => choice.id)],
    ['userId', [userId]],
    ['type', reports.map((row) => row.type)],
    ['id', reports.map((row) => row.id)],
    ['invitationId', invitationIds],
    ['invoiceId', periodInvoices.map((invoice) => invoice.id)],
    ['country', ['DE', 'GB', 'FR']],
    ['country_code', ['DE', 'CH']],
    ['timezone', ['Europe/Zurich']],
  ]);
  for (const [key, list] of known) if (list.length === 0) known.delete(key);
  return { email, userId, session, known, orderIds: orders.map((order) => order.id), organisationIds, reportPaths: reports.map((row) => `/api/reports/${row.type}/${row.id}`) };
}
