import { organisationApiPaths } from '@app/contract/api-paths';
import { errorMessages, validationMessages } from '@app/contract/messages';
import { organisationDraftEnvelope, organisationEnvelope, organisationList, organisationMessages, type CreateOrganisationInput } from '@app/contract/organisations';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { productBySku, seededSkus } from '../../../test/shop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { draftTooDeepMessage } from './draft-service.ts';

// Issue 12, organisations part 1: the creation wizard's server side. Spec sections 5 (every
// organisation rule, on the server too), 8 ('Organization name is not defined in formData!') and
// the rule that another person's organisation is a 404.

let t: TestApp;
let teamProfilesId: string;
let cultureFitId: string;

beforeAll(async () => {
  t = await createTestApp();
  teamProfilesId = (await productBySku(t, seededSkus.teamProfiles)).id;
  cultureFitId = (await productBySku(t, seededSkus.cultureAnalysis)).id;
});
afterAll(async () => {
  await t?.close();
});

const description = 'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams. '.repeat(4);

function employees(count: number) {
  return Array.from({ length: count }, (_, index) => ({ position_title: 'Carpenter', name: `Employee ${index + 1}`, email: `employee${index + 1}@example.com` }));
}

function businessRequest(overrides: Partial<CreateOrganisationInput> = {}, details: Record<string, unknown> = {}): CreateOrganisationInput {
  return {
    creation_key: randomUUID(),
    type: 'business',
    services: [{ product_id: teamProfilesId, quantity: 3 }],
    details: {
      name: 'Oak & Pine <Ltd>',
      address: '12 Market Street, Leeds',
      registration_number: '09876543',
      vat_code: 'GB123456789',
      business_description: description,
      registrar_name: 'Companies House',
      registrar_email: '',
      registrar_phone: '',
      users: [{ position_title: 'Director', full_name: 'Zofia Łukasiewicz', email: 'zofia@example.com' }],
      employees: employees(3),
      ...details,
    },
    plan: 'quarterly',
    billing_details: { name: 'Oak & Pine Ltd', billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'gb' },
    ...overrides,
  };
}

function create(user: RegisteredUser, body: unknown) {
  return t.app.inject({ method: 'POST', url: organisationApiPaths.list, headers: user.headersWithCsrf, payload: body as object });
}

describe('POST /api/organisations', () => {
  it('creates the organisation with the caller as its owner, its services, its lists, and lists it as theirs', async () => {
    const user = await registerUser(t);
    const response = await create(user, businessRequest({ services: [{ product_id: teamProfilesId, quantity: 4 }, { product_id: cultureFitId, quantity: 5 }] }));
    expect(response.statusCode).toBe(201);
    const organisation = organisationEnvelope.parse(response.json()).data;
    expect(organisation).toMatchObject({
      name: 'Oak & Pine <Ltd>',
      type: 'business',
      plan: 'quarterly',
      status: 'pending_activation',
      role: 'owner',
      registrar_email: null,
      counts: { users: 1, employees: 3, portfolio_companies: 0, members: 1 },
      billing_details: { country: 'GB', address_line_2: null },
    });
    expect(organisation.services.map((service) => [service.product_sku, service.quantity])).toEqual([
      [seededSkus.teamProfiles, 4],
      [seededSkus.cultureAnalysis, 5],
    ]);

    const list = organisationList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.list, headers: user.authHeaders })).json()).data;
    expect(list.map((entry) => [entry.id, entry.name, entry.role])).toEqual([[organisation.id, 'Oak & Pine <Ltd>', 'owner']]);
    const read = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisation.id), headers: user.authHeaders });
    expect(organisationEnvelope.parse(read.json()).data).toEqual(organisation);
  });

  it("answers 400 'Organization name is not defined in formData!' when the form names no organisation (spec 8)", async () => {
    const user = await registerUser(t);
    for (const name of [undefined, '', '   ']) {
      const response = await create(user, businessRequest({}, { name }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Organization name is not defined in formData!' });
    }
    expect((await create(user, { type: 'business' })).json()).toMatchObject({ message: organisationMessages.nameNotDefined });
  });

  it('answers 422 with each rule of spec section 5 on its field, rows included', async () => {
    const user = await registerUser(t);
    const rows = employees(3);
    rows[1] = { position_title: '', name: '', email: 'not-an-email' };
    const response = await create(
      user,
      businessRequest(
        { services: [] },
        { address: '', registration_number: ' ', vat_code: '', business_description: 'Too short.', users: [{ position_title: '', full_name: '', email: 'x' }], employees: rows },
      ),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: errorMessages.invalidData,
      errors: {
        services: [organisationMessages.atLeastOneService],
      },
    });

    const details = await create(
      user,
      businessRequest({}, { address: '', registration_number: ' ', vat_code: '', business_description: 'Too short.', users: [{ position_title: '', full_name: '', email: 'x' }], employees: rows }),
    );
    expect(details.statusCode).toBe(422);
    expect(details.json().errors).toEqual({
      'details.address': [validationMessages.required],
      'details.registration_number': [validationMessages.required],
      'details.vat_code': [validationMessages.required],
      'details.business_description': ['Must be at least 300 characters'],
      'details.users.0.position_title': [validationMessages.required],
      'details.users.0.full_name': [validationMessages.required],
      'details.users.0.email': [validationMessages.email],
      'details.employees.1.name': [validationMessages.required],
      'details.employees.1.email': [validationMessages.email],
    });
  });

  it("says 'lists cannot be empty' and each list's minimum by type: 3 employees, 1 portfolio company", async () => {
    const user = await registerUser(t);
    const empty = await create(user, businessRequest({}, { employees: [], users: [] }));
    expect(empty.json().errors).toEqual({ 'details.users': [organisationMessages.listEmpty], 'details.employees': [organisationMessages.listEmpty] });
    const twoEmployees = await create(user, businessRequest({ type: 'human_capital_expert' }, { employees: employees(2) }));
    expect(twoEmployees.json().errors).toEqual({ 'details.employees': ['Add at least 3 employees'] });
    const investor = await create(user, businessRequest({ type: 'investor' }, { employees: undefined, portfolio_companies: [] }));
    expect(investor.json().errors).toEqual({ 'details.portfolio_companies': [organisationMessages.listEmpty] });
  });

  it("refuses a quantity below the service's minimum with 'Minimal quantity is {value}', and anything that is not a service on offer", async () => {
    const user = await registerUser(t);
    const big5Report = await productBySku(t, seededSkus.big5);
    const response = await create(
      user,
      businessRequest({
        services: [
          { product_id: teamProfilesId, quantity: 2 },
          { product_id: cultureFitId, quantity: 4 },
          { product_id: big5Report.id, quantity: 3 },
          { product_id: randomUUID(), quantity: 3 },
        ],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'services.0.quantity': ['Minimal quantity is 3'],
      'services.1.quantity': ['Minimal quantity is 5'],
      'services.2.product_id': [organisationMessages.unknownService],
      'services.3.product_id': [organisationMessages.unknownService],
    });
    expect(organisationList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.list, headers: user.authHeaders })).json()).data).toEqual([]);
  });

  it('keeps the contract plan for event organisers, who name the nature of the event, and marks it for sales follow-up', async () => {
    const user = await registerUser(t);
    const monthly = await create(user, businessRequest({ type: 'event_organiser', plan: 'monthly' }, { employees: undefined, nature_of_event: 'A leadership conference' }));
    expect(monthly.json().errors).toEqual({ plan: [organisationMessages.planNotForType] });
    const contract = await create(user, businessRequest({ type: 'event_organiser', plan: 'contract' }, { employees: undefined, nature_of_event: 'A leadership conference' }));
    expect(contract.statusCode).toBe(201);
    expect(organisationEnvelope.parse(contract.json()).data).toMatchObject({ plan: 'contract', nature_of_event: 'A leadership conference', counts: { employees: 0 } });
    const followUp = await t.pool.query<{ sales_follow_up: boolean }>('select sales_follow_up from organisations where id = $1', [contract.json().data.id]);
    expect(followUp.rows[0]?.sales_follow_up).toBe(true);
  });

  it('makes one organisation from the same submission sent twice at once, and answers the retry with it', async () => {
    const user = await registerUser(t);
    const body = businessRequest();
    const [first, second] = await Promise.all([create(user, body), create(user, body)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().data.id).toBe(second.json().data.id);
    const retry = await create(user, body);
    expect(retry.statusCode).toBe(200);
    expect(organisationList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.list, headers: user.authHeaders })).json()).data).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: organisationApiPaths.list, payload: businessRequest() });
    expect([401, 419]).toContain(response.statusCode);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.list })).statusCode).toBe(401);
  });
});

describe('GET /api/organisations/{id}', () => {
  it("answers 404 for another person's organisation, an unknown id and an id that is not one", async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const organisation = organisationEnvelope.parse((await create(owner, businessRequest())).json()).data;
    for (const id of [organisation.id, randomUUID(), 'not-an-id']) {
      const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(id), headers: stranger.authHeaders });
      expect(response.statusCode).toBe(404);
    }
    expect(organisationList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.list, headers: stranger.authHeaders })).json()).data).toEqual([]);
  });
});

describe('the wizard draft: GET, PUT and DELETE /api/organisations/draft', () => {
  it('keeps what was typed, half-filled and not yet valid, for the same account only, and the submit forgets it', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.draft, headers: user.authHeaders })).json()).toEqual({ data: null });

    const form = { type: 'investor', services: [{ product_id: teamProfilesId, quantity: 1 }], details: { name: 'Half', business_description: 'Not yet 300 characters' } };
    const saved = await t.app.inject({ method: 'PUT', url: organisationApiPaths.draft, headers: user.headersWithCsrf, payload: { step: 'details', form } });
    expect(saved.statusCode).toBe(200);
    const read = organisationDraftEnvelope.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.draft, headers: user.authHeaders })).json()).data;
    expect(read).toMatchObject({ step: 'details', form });
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.draft, headers: other.authHeaders })).json()).toEqual({ data: null });

    expect((await create(user, businessRequest())).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.draft, headers: user.authHeaders })).json()).toEqual({ data: null });
  });

  it('refuses a step that is not one of the three, and forgets the draft on DELETE', async () => {
    const user = await registerUser(t);
    const wrong = await t.app.inject({ method: 'PUT', url: organisationApiPaths.draft, headers: user.headersWithCsrf, payload: { step: 'payment', form: {} } });
    expect(wrong.statusCode).toBe(422);
    await t.app.inject({ method: 'PUT', url: organisationApiPaths.draft, headers: user.headersWithCsrf, payload: { step: 'type', form: { type: 'business' } } });
    expect((await t.app.inject({ method: 'DELETE', url: organisationApiPaths.draft, headers: user.headersWithCsrf })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.draft, headers: user.authHeaders })).json()).toEqual({ data: null });
  });

  // Issue 14's fuzz run: a form nested 20,000 deep answered 500.
  it('refuses a form nested deeper than any wizard step with 422, and keeps the draft before', async () => {
    const user = await registerUser(t);
    await t.app.inject({ method: 'PUT', url: organisationApiPaths.draft, headers: user.headersWithCsrf, payload: { step: 'type', form: { type: 'business' } } });
    const depth = 20_000;
    const payload = `{"step":"details","form":{"details":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;
    const deep = await t.app.inject({ method: 'PUT', url: organisationApiPaths.draft, headers: { ...user.headersWithCsrf, 'content-type': 'application/json' }, payload });
    expect(deep.statusCode).toBe(422);
    expect(deep.json()).toEqual({ message: errorMessages.invalidData, errors: { form: [draftTooDeepMessage] } });
    const kept = organisationDraftEnvelope.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.draft, headers: user.authHeaders })).json()).data;
    expect(kept?.form).toEqual({ type: 'business' });
  });
});
