// Issue 14's journey, as a user does it through the HTTP API (the SPA's calls, in its order):
// sign-up, e-mail verification (the link from the mailbox), birth data, the whole questionnaire,
// a report bought (basket, checkout with the test provider's 4242 card), waited for until ready
// and downloaded as a PDF, then an organisation created and activated (its first month paid with
// the same card) whose listed colleague signs up, verifies and accepts the e-mailed invitation.
// Every request is timed per endpoint (timings.mjs). Used by load.mjs and two-instances.mjs.
import { randomUUID } from 'node:crypto';
import { ApiClient, JourneyError } from './api-client.mjs';
import { benchBirthDetails, benchPassword } from './accounts.mjs';
import { invitationLinkPattern, verificationLinkPattern, waitForMailLink } from './outbox.mjs';

export const testCard = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };
const billing = { first_name: 'Bench', last_name: 'Buyer', email: 'bench@example.com', address: 'Korenmarkt 1', city: 'Ghent', postal_code: '9000', country: 'BE' };
const description = 'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams. '.repeat(4);

let addressCount = 0;
/** A client address of its own for each simulated person (10.0.0.0/8, as behind a load balancer). */
export function nextClientAddress() {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

/** Each deployment's catalogue (product by SKU), keyed by its database pool: ids differ between databases. */
const catalogues = new WeakMap();
async function productId(context, client, sku) {
  let products = catalogues.get(context.mailPool);
  if (!products) {
    const { body } = await client.call('GET', 'GET /api/products', '/api/products');
    products = new Map(body.data.map((product) => [product.sku, product]));
    catalogues.set(context.mailPool, products);
  }
  const product = products.get(sku);
  if (!product) throw new JourneyError(`the catalogue has no ${sku}`);
  return product;
}

/**
 * `pause` runs between two steps and `answerPause` between two answers (a person's thinking; none by default).
 * @typedef {{ bases: string[], timings: import('./timings.mjs').Timings, mailPool: import('pg').Pool, pause?: () => Promise<void>, answerPause?: () => Promise<void>, firstBase?: number }} JourneyContext
 */

/** Signs up and verifies the address through the e-mailed link; resolves with the signed-in client. */
export async function signUp(context, { email = `load-${randomUUID()}@example.com`, name = 'Bench User' } = {}) {
  const pause = context.pause ?? (async () => {});
  const client = new ApiClient({ bases: context.bases, timings: context.timings, address: nextClientAddress(), firstBase: context.firstBase });
  const registered = await client.call('POST', 'POST /api/register', '/api/register', {
    body: { name, email, password: benchPassword, password_confirmation: benchPassword, accept_privacy_policy: true, accept_terms: true },
    expect: [201],
  });
  client.accessToken = registered.body.access_token;
  client.refreshToken = registered.body.refresh_token;
  client.email = email;
  await pause();
  const link = new URL(await waitForMailLink(context.mailPool, email, verificationLinkPattern));
  const [, , id, hash] = link.pathname.split('/');
  await client.call('POST', 'POST /api/email/verify', '/api/email/verify', {
    body: { id: decodeURIComponent(id), hash: decodeURIComponent(hash), expires: Number(link.searchParams.get('expires')), signature: link.searchParams.get('signature') },
  });
  const user = await client.call('GET', 'GET /api/user', '/api/user');
  client.userId = user.body.id ?? user.body.data?.id;
  return client;
}

/** Birth data and every question of the three sets, answered as the overlay does. */
export async function completeQuestionnaire(context, client) {
  const pause = context.pause ?? (async () => {});
  const answerPause = context.answerPause ?? pause;
  await client.call('PUT', 'PUT /api/user/birth-details', '/api/user/birth-details', { body: benchBirthDetails });
  await pause();
  let question = (await client.call('GET', 'GET /me/question', '/me/question')).body;
  for (let index = 0; question; index += 1) {
    await answerPause();
    const choices = question.question.choices;
    const answered = await client.call('POST', 'POST /me/question/{id}/answer', `/me/question/${encodeURIComponent(question.question.id)}/answer`, {
      body: { choice_id: choices[(index * 7 + 3) % choices.length].id },
    });
    question = answered.body;
  }
}

/** Puts a report in the basket (unless `inBasket`) and pays for it with the 4242 card; resolves with the order. */
export async function buyReport(context, client, sku = 'REPORT-BIG5', { inBasket = false } = {}) {
  const pause = context.pause ?? (async () => {});
  const product = await productId(context, client, sku);
  if (!inBasket) await client.call('POST', 'POST /api/cart/items', '/api/cart/items', { body: { product_id: product.id } });
  await pause();
  await client.call('GET', 'GET /api/cart', '/api/cart');
  await pause();
  const checkout = await client.call('POST', 'POST /api/checkout', '/api/checkout', {
    body: { billing, payment: { method: 'card', card: testCard }, digital_content_consent: true, idempotency_key: `bench_${randomUUID()}` },
  });
  if (checkout.body.status !== 'paid') throw new JourneyError(`checkout ended ${checkout.body.status}`);
  return checkout.body;
}

/** Waits (polling the list as the reports page does) until the report of `type` is ready; downloads its PDF. */
export async function downloadReadyReport(context, client, type = 'big5', timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let report;
  for (;;) {
    const list = await client.call('GET', 'GET /api/reports', '/api/reports');
    report = list.body.data.find((item) => item.type === type);
    if (report?.status === 'ready') break;
    if (report?.status === 'failed') throw new JourneyError(`the ${type} report failed`);
    if (Date.now() > deadline) throw new JourneyError(`the ${type} report was not ready within ${timeoutMs / 1000} s (${report?.status ?? 'absent'})`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  await client.call('GET', 'GET /api/reports/{type}/{id}', `/api/reports/${type}/${report.id}`);
  const pdf = await client.call('GET', 'GET /api/reports/{type}/{id}/pdf', `/api/reports/${type}/${report.id}/pdf`, { binary: true });
  if (pdf.body.subarray(0, 5).toString('latin1') !== '%PDF-' || pdf.body.length < 1_000) throw new JourneyError(`the ${type} report's PDF is not a PDF (${pdf.body.length} bytes)`);
  return { id: report.id, type, bytes: pdf.body.length };
}

/** Creates a business with `colleagueEmail` listed, and activates it (first month paid by card). */
export async function createAndActivateOrganisation(context, client, colleagueEmail) {
  const pause = context.pause ?? (async () => {});
  const service = await productId(context, client, 'SERVICE-TEAM-PROFILES');
  const run = randomUUID().slice(0, 8);
  const created = await client.call('POST', 'POST /api/organisations', '/api/organisations', {
    body: {
      creation_key: randomUUID(),
      type: 'business',
      services: [{ product_id: service.id, quantity: service.minimum_quantity }],
      details: {
        name: `Bench Oak ${run}`,
        address: '12 Market Street, Leeds',
        registration_number: '09876543',
        vat_code: 'GB123456789',
        business_description: description,
        users: [{ position_title: 'Director', full_name: 'Zofia Director', email: colleagueEmail }],
        employees: [1, 2, 3].map((index) => ({ position_title: 'Carpenter', name: `Employee ${index}`, email: `employee${index}-${run}@example.com` })),
      },
      plan: 'monthly',
      billing_details: { name: `Bench Oak ${run}`, billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
    },
    expect: [201],
  });
  const organisationId = created.body.data.id;
  await pause();
  const activation = await client.call('POST', 'POST /api/organisations/{id}/activate', `/api/organisations/${organisationId}/activate`, {
    body: { idempotency_key: randomUUID(), payment: { method: 'card', card: testCard } },
  });
  if (activation.body.data.status !== 'active') throw new JourneyError(`activation ended ${activation.body.data.status}`);
  return organisationId;
}

/** The invited colleague's side: opens the e-mailed invitation, looks at it, accepts it. */
export async function acceptInvitation(context, colleague) {
  const link = new URL(await waitForMailLink(context.mailPool, colleague.email, invitationLinkPattern));
  const token = decodeURIComponent(link.pathname.split('/').pop());
  await colleague.call('GET', 'GET /api/invitations/{token}', `/api/invitations/${encodeURIComponent(token)}`);
  const accepted = await colleague.call('POST', 'POST /api/invitations/{token}/accept', `/api/invitations/${encodeURIComponent(token)}/accept`);
  return accepted.body;
}

/**
 * The whole journey of one person and their colleague. Resolves with what the assertions need:
 * the owner's and colleague's clients, the report and the organisation.
 * @param {JourneyContext} context
 */
export async function runJourney(context) {
  const pause = context.pause ?? (async () => {});
  const owner = await signUp(context);
  await pause();
  await completeQuestionnaire(context, owner);
  await pause();
  await buyReport(context, owner);
  const report = await downloadReadyReport(context, owner);
  await pause();
  const colleagueEmail = `colleague-${randomUUID()}@example.com`;
  const organisationId = await createAndActivateOrganisation(context, owner, colleagueEmail);
  await pause();
  const colleague = await signUp(context, { email: colleagueEmail, name: 'Zofia Director' });
  await pause();
  await acceptInvitation(context, colleague);
  const members = await owner.call('GET', 'GET /api/organisations/{id}/members', `/api/organisations/${organisationId}/members`);
  const joined = JSON.stringify(members.body).includes(colleagueEmail);
  if (!joined) throw new JourneyError('the colleague who accepted is not among the members');
  return { owner, colleague, report, organisationId };
}
