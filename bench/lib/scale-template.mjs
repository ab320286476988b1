// The template of every seeded user of bench/scale.mjs, made through the API as a real user would:
// signed up, birth details, the whole questionnaire answered (so the progress, answers, history,
// results and team summary rows are the server's own), two reports bought in one order and
// generated, the third report left in the basket, and an organisation created with the team
// profiles service. The seed (scale-seed.mjs) then copies these rows for each new user.
import { benchBirthDetails, csrfHeaders, registerBenchUser } from './accounts.mjs';

export async function call(baseUrl, path, headers, init = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers, ...init });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };
const billing = { first_name: 'Scale', last_name: 'Template', email: 'scale-template@bench.example', address: 'Bench Street 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

/**
 * Makes the template user; resolves with its id, its organisation's id, and the questionnaire's
 * questions (id and choice ids) for the answer bench.
 */
export async function createTemplateUser(baseUrl) {
  const user = await registerBenchUser(baseUrl, 'scale-template');
  const headers = { authorization: `Bearer ${user.access_token}`, 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) };
  await call(baseUrl, '/api/user/birth-details', headers, { method: 'PUT', body: JSON.stringify(benchBirthDetails) });

  const questions = [];
  let question = await call(baseUrl, '/me/question', headers);
  for (let index = 0; question; index += 1) {
    const choices = question.question.choices;
    questions.push({ id: question.question.id, choices: choices.map((choice) => choice.id) });
    question = await call(baseUrl, `/me/question/${encodeURIComponent(question.question.id)}/answer`, headers, {
      method: 'POST',
      body: JSON.stringify({ choice_id: choices[(index * 7 + 3) % choices.length].id }),
    });
  }

  const products = (await call(baseUrl, '/api/products', { authorization: headers.authorization })).data;
  const bySku = (sku) => {
    const product = products.find((candidate) => candidate.sku === sku);
    if (!product) throw new Error(`the seeded catalogue has no ${sku}`);
    return product;
  };
  for (const sku of ['REPORT-BIG5', 'REPORT-ENVIRONMENT']) {
    await call(baseUrl, '/api/cart/items', headers, { method: 'POST', body: JSON.stringify({ product_id: bySku(sku).id, quantity: 1 }) });
  }
  const order = await call(baseUrl, '/api/checkout', headers, {
    method: 'POST',
    body: JSON.stringify({ billing, payment: { method: 'card', card }, idempotency_key: `scale_${Date.now()}`, digital_content_consent: true }),
  });
  if (order.status !== 'paid') throw new Error(`the template's order is ${order.status}`);
  await call(baseUrl, '/api/cart/items', headers, { method: 'POST', body: JSON.stringify({ product_id: bySku('REPORT-VALUES').id, quantity: 1 }) });

  // The two reports are generated in the background: wait until both are ready.
  for (let attempt = 0; ; attempt += 1) {
    const reports = await call(baseUrl, '/api/reports', headers);
    const list = reports.data ?? reports;
    if (Array.isArray(list) && list.length >= 2 && list.every((report) => report.status === 'ready')) break;
    if (attempt > 600) throw new Error(`the template's reports are not ready: ${JSON.stringify(reports).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const service = bySku('SERVICE-TEAM-PROFILES');
  const organisation = await call(baseUrl, '/api/organisations', headers, {
    method: 'POST',
    body: JSON.stringify({
      creation_key: crypto.randomUUID(),
      type: 'business',
      services: [{ product_id: service.id, quantity: service.minimum_quantity }],
      details: {
        name: 'Scale Template Ltd',
        address: '1 Bench Street, Ghent',
        registration_number: '0123456789',
        vat_code: 'BE0123456789',
        business_description: 'A template organisation whose rows the data-growth bench copies for every organisation it seeds. '.repeat(4),
        users: [{ position_title: 'Director', full_name: 'Scale Template', email: user.email }],
        employees: [1, 2, 3].map((index) => ({ position_title: 'Title 1', name: `Employee ${index}`, email: `template-employee-${index}@bench.example` })),
      },
      plan: 'monthly',
      billing_details: { name: 'Scale Template Ltd', billing_email: 'billing@bench.example', address_line_1: '1 Bench Street', city: 'Ghent', postal_code: '9000', country: 'BE' },
    }),
  });
  return { userId: user.account.id, organisationId: organisation.data.id, questions, headers };
}
