// A user of the product over HTTP, as the web app is one: the CSRF cookie dance, a bearer token,
// and the calls the fault tests make (sign-up, birth details, questionnaire, basket, checkout).
import { accountApiPaths, apiPaths, assessmentApiPaths, organisationApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { randomBytes, randomUUID } from 'node:crypto';

export interface ApiResponse<Body = unknown> {
  status: number;
  body: Body;
  text: string;
  headers: Headers;
  /** How long the answer took, in milliseconds. */
  ms: number;
}

export const password = 'Faults-Harbour-Lantern-42';

/** A card valid for years to come (Stripe's public test numbers; the test provider plays them). */
export function card(number = '4242424242424242') {
  return { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };
}

export const billing = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', address: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

export function newIdempotencyKey(): string {
  return `faults_${randomBytes(12).toString('hex')}`;
}

async function call<Body>(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<ApiResponse<Body>> {
  const startedAt = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a PDF, an HTML page): the text is the body
  }
  return { status: response.status, body: parsed as Body, text, headers: response.headers, ms: performance.now() - startedAt };
}

/** GET /sanctum/csrf-cookie as a browser does: the Cookie header to send back and X-XSRF-TOKEN. */
export async function csrfHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}${apiPaths.csrfCookie}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const xsrf = cookies.find((pair) => pair.startsWith('XSRF-TOKEN='));
  if (!xsrf) throw new Error(`no XSRF-TOKEN cookie (status ${response.status})`);
  return { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) };
}

const catalogue = new Map<string, { id: string; minimum_quantity: number }>();

export class ApiUser {
  constructor(
    readonly baseUrl: string,
    readonly email: string,
    private accessToken: string,
    private csrf: Record<string, string>,
  ) {}

  /** Signs up through POST /api/register. */
  static async signUp(baseUrl: string, name: string): Promise<ApiUser> {
    const email = `${name}-${randomBytes(6).toString('hex')}@example.com`;
    const csrf = await csrfHeaders(baseUrl);
    const response = await call<{ access_token: string }>(baseUrl, 'POST', accountApiPaths.register, csrf, {
      name: 'Fault Tester',
      email,
      password,
      password_confirmation: password,
      accept_privacy_policy: true,
      accept_terms: true,
    });
    if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${response.text}`);
    return new ApiUser(baseUrl, email, response.body.access_token, csrf);
  }

  /** Logs in again through POST /api/login (a fresh token and CSRF cookie). */
  async logIn(): Promise<ApiResponse<{ access_token?: string }>> {
    const csrf = await csrfHeaders(this.baseUrl);
    const response = await call<{ access_token?: string }>(this.baseUrl, 'POST', apiPaths.login, csrf, { email: this.email, password });
    if (response.status === 200 && response.body.access_token) {
      this.accessToken = response.body.access_token;
      this.csrf = csrf;
    }
    return response;
  }

  get<Body = unknown>(path: string): Promise<ApiResponse<Body>> {
    return call<Body>(this.baseUrl, 'GET', path, { authorization: `Bearer ${this.accessToken}` });
  }

  send<Body = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiResponse<Body>> {
    return call<Body>(this.baseUrl, method, path, { authorization: `Bearer ${this.accessToken}`, ...this.csrf }, body);
  }

  /** Saves birth details (PUT /api/user/birth-details): the questionnaire opens after them. */
  async saveBirthDetails(): Promise<void> {
    const response = await this.send('PUT', accountApiPaths.birthDetails, {
      birth_date: '1988-03-09',
      birth_time: '07:45:00',
      birth_city: 'Porto',
      birth_country: 'Portugal',
      country_code: 'PT',
      latitude: 41.14961,
      longitude: -8.61099,
      timezone: 'Europe/Lisbon',
    });
    if (response.status !== 200) throw new Error(`saving birth details answered ${response.status}: ${response.text}`);
  }

  /** Answers `count` questions as the overlay does (GET /me/question, then each answer's next one). */
  async answerQuestions(count: number): Promise<void> {
    let question = await this.get<QuestionBody>(assessmentApiPaths.question);
    for (let answered = 0; answered < count; answered += 1) {
      if (question.status !== 200) throw new Error(`the questionnaire answered ${question.status} after ${answered} answers: ${question.text}`);
      const { id, choices } = question.body.question;
      const choice = choices[answered % choices.length];
      if (!choice) throw new Error(`question ${id} has no choices`);
      question = await this.send<QuestionBody>('POST', assessmentApiPaths.answer(id), { choice_id: choice.id });
    }
  }

  /** GET /api/products, kept as the shop page keeps the catalogue it showed. */
  async loadCatalogue(): Promise<void> {
    const products = await this.get<{ data: Array<{ id: string; sku: string; minimum_quantity: number }> }>(shopApiPaths.products);
    if (products.status !== 200) throw new Error(`GET /api/products answered ${products.status}`);
    for (const product of products.body.data) catalogue.set(`${this.baseUrl} ${product.sku}`, product);
  }

  /** Puts a product (by sku) in the basket through POST /api/cart/items. */
  async addToBasket(sku: string): Promise<ApiResponse> {
    // The catalogue as the page had it loaded: adding must not depend on reading it again.
    if (!catalogue.has(`${this.baseUrl} ${sku}`)) await this.loadCatalogue();
    const product = catalogue.get(`${this.baseUrl} ${sku}`);
    if (!product) throw new Error(`no product ${sku} in the catalogue`);
    return this.send('POST', shopApiPaths.cartItems, { product_id: product.id, quantity: product.minimum_quantity });
  }

  /** POST /api/checkout paying by card (4242 unless told). */
  checkout(idempotencyKey = newIdempotencyKey(), cardNumber?: string): Promise<ApiResponse<CheckoutBody>> {
    return this.send<CheckoutBody>('POST', shopApiPaths.checkout, {
      billing,
      payment: { method: 'card', card: card(cardNumber) },
      idempotency_key: idempotencyKey,
      digital_content_consent: true,
    });
  }
}

/**
 * A business organisation through the wizard's POST /api/organisations, activated with the card
 * that pays (its first monthly period charged and invoiced). Resolves with its id.
 */
export async function activeBusinessOrganisation(owner: ApiUser): Promise<string> {
  const products = await owner.get<{ data: Array<{ id: string; sku: string; minimum_quantity: number }> }>(shopApiPaths.products);
  const service = products.body.data.find((product) => product.sku === 'SERVICE-TEAM-PROFILES');
  if (!service) throw new Error('no SERVICE-TEAM-PROFILES in the catalogue');
  const created = await owner.send<{ data: { id: string } }>('POST', organisationApiPaths.list, {
    creation_key: randomUUID(),
    type: 'business',
    services: [{ product_id: service.id, quantity: service.minimum_quantity }],
    details: {
      name: 'Oak & Pine Ltd',
      address: '12 Market Street, Leeds',
      registration_number: '09876543',
      vat_code: 'GB123456789',
      business_description: 'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams. '.repeat(4),
      users: [{ position_title: 'Director', full_name: 'Zofia Nowak', email: 'zofia@example.com' }],
      employees: [1, 2, 3].map((index) => ({ position_title: 'Carpenter', name: `Employee ${index}`, email: `employee${index}@example.com` })),
    },
    plan: 'monthly',
    billing_details: { name: 'Oak & Pine Ltd', billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
  });
  if (created.status !== 201) throw new Error(`creating an organisation answered ${created.status}: ${created.text}`);
  const id = created.body.data.id;
  const activated = await owner.send<{ data: { status: string } }>('POST', organisationApiPaths.activate(id), { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } });
  if (activated.status !== 200 || activated.body.data.status !== 'active') throw new Error(`activating answered ${activated.status}: ${activated.text}`);
  return id;
}

interface QuestionBody {
  question: { id: string; choices: Array<{ id: string }> };
}

export interface CheckoutBody {
  order: { id: string; number: string; status: string; total: number };
  status: 'paid' | 'requires_action' | 'processing' | 'failed';
  failure_message: string | null;
}

/** The environment set comes first and has 40 questions (packages/assessments/banks/environment.json). */
export const environmentQuestions = 40;
