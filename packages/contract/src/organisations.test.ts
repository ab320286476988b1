import { describe, expect, it } from 'vitest';
import { validationMessages } from './messages.ts';
import {
  createOrganisationRequest,
  hasOrganisationName,
  organisationDetailsByType,
  organisationMessages,
  organisationTypeStep,
  plansFor,
  quantityRefusal,
  type CreateOrganisationInput,
} from './organisations.ts';

const serviceId = '6f1c2a8e-2f43-4a8e-9f59-0d1f5d0c7a11';
const description = 'We build furniture from reclaimed wood and sell it to offices across the region. '.repeat(5);

function employees(count: number) {
  return Array.from({ length: count }, (_, index) => ({ position_title: 'Carpenter', name: `Employee ${index + 1}`, email: `employee${index + 1}@example.com` }));
}

function businessDetails(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Oak & Pine Ltd',
    address: '12 Market Street, Leeds',
    registration_number: '09876543',
    vat_code: 'GB123456789',
    business_description: description,
    users: [{ position_title: 'Director', full_name: 'Ada Müller-Łukasiewicz', email: 'ada@example.com' }],
    employees: employees(3),
    ...overrides,
  };
}

function request(overrides: Partial<CreateOrganisationInput> = {}): CreateOrganisationInput {
  return {
    creation_key: '0b8e4f7a-5c1d-4f2e-8a9b-3c6d7e8f9a0b',
    type: 'business',
    services: [{ product_id: serviceId, quantity: 5 }],
    details: businessDetails(),
    plan: 'monthly',
    billing_details: { name: 'Oak & Pine Ltd', billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
    ...overrides,
  };
}

/** The messages of a failed parse, by dotted path. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('organisation creation: step 1, type and services', () => {
  it('needs at least one service', () => {
    const result = organisationTypeStep.safeParse({ type: 'business', services: [] });
    expect(errorsOf(result)).toEqual({ services: [organisationMessages.atLeastOneService] });
  });

  it('needs a type of the four', () => {
    const result = organisationTypeStep.safeParse({ type: 'charity', services: [{ product_id: serviceId, quantity: 1 }] });
    expect(errorsOf(result)).toEqual({ type: [organisationMessages.chooseType] });
  });

  it('refuses the same service twice', () => {
    const result = organisationTypeStep.safeParse({ type: 'business', services: [{ product_id: serviceId, quantity: 3 }, { product_id: serviceId, quantity: 4 }] });
    expect(errorsOf(result)).toEqual({ 'services.1.product_id': [organisationMessages.serviceTwice] });
  });

  it("says 'Minimal quantity is {value}' below a service's minimum", () => {
    expect(quantityRefusal(2, 3)).toBe('Minimal quantity is 3');
    expect(quantityRefusal(3, 3)).toBeNull();
    expect(organisationTypeStep.safeParse({ type: 'investor', services: [{ product_id: serviceId, quantity: 0 }] }).error?.issues[0]?.message).toBe(validationMessages.minimalQuantity(1));
  });
});

describe('organisation creation: step 2, details (spec section 5)', () => {
  const business = organisationDetailsByType.business;

  it('accepts a complete business', () => {
    expect(business.safeParse(businessDetails()).success).toBe(true);
  });

  it.each(['name', 'address', 'registration_number', 'vat_code', 'business_description'])("requires %s with 'Field is required'", (field) => {
    expect(errorsOf(business.safeParse(businessDetails({ [field]: '  ' })))).toEqual({ [field]: [validationMessages.required] });
  });

  it('takes a business description of 300 to 64,000 characters', () => {
    expect(errorsOf(business.safeParse(businessDetails({ business_description: 'x'.repeat(299) })))).toEqual({ business_description: ['Must be at least 300 characters'] });
    expect(business.safeParse(businessDetails({ business_description: 'x'.repeat(300) })).success).toBe(true);
    expect(business.safeParse(businessDetails({ business_description: 'x'.repeat(64_000) })).success).toBe(true);
    expect(errorsOf(business.safeParse(businessDetails({ business_description: 'x'.repeat(64_001) })))).toEqual({ business_description: ['May not be longer than 64,000 characters'] });
  });

  it("says 'lists cannot be empty' for an empty list, then the list's minimum", () => {
    expect(errorsOf(business.safeParse(businessDetails({ users: [] })))).toEqual({ users: [organisationMessages.listEmpty] });
    expect(errorsOf(business.safeParse(businessDetails({ employees: [] })))).toEqual({ employees: [organisationMessages.listEmpty] });
    expect(errorsOf(business.safeParse(businessDetails({ employees: employees(2) })))).toEqual({ employees: ['Add at least 3 employees'] });
  });

  it('needs each user with a position title and a name, and a valid e-mail', () => {
    const result = business.safeParse(businessDetails({ users: [{ position_title: '', full_name: '', email: 'not-an-email' }] }));
    expect(errorsOf(result)).toEqual({
      'users.0.position_title': [validationMessages.required],
      'users.0.full_name': [validationMessages.required],
      'users.0.email': [validationMessages.email],
    });
  });

  it('needs each employee with a name and a valid e-mail; the position title may stay empty', () => {
    const rows = employees(3);
    rows[1] = { position_title: '', name: '', email: 'nobody' };
    expect(errorsOf(business.safeParse(businessDetails({ employees: rows })))).toEqual({
      'employees.1.name': [validationMessages.required],
      'employees.1.email': [validationMessages.email],
    });
  });

  it('refuses the same e-mail twice in one list, on the second row', () => {
    const rows = employees(3);
    rows[2] = { ...rows[2], email: 'EMPLOYEE1@example.com' } as (typeof rows)[number];
    expect(errorsOf(business.safeParse(businessDetails({ employees: rows })))).toEqual({ 'employees.2.email': [organisationMessages.emailTwice] });
  });

  it('needs an investor to list at least 1 portfolio company with a name and a valid representative e-mail', () => {
    const investor = organisationDetailsByType.investor;
    const base = { ...businessDetails(), employees: undefined };
    expect(errorsOf(investor.safeParse({ ...base, portfolio_companies: [] }))).toEqual({ portfolio_companies: [organisationMessages.listEmpty] });
    expect(errorsOf(investor.safeParse({ ...base, portfolio_companies: [{ company_name: '', representative_email: 'x' }] }))).toEqual({
      'portfolio_companies.0.company_name': [validationMessages.required],
      'portfolio_companies.0.representative_email': [validationMessages.email],
    });
    expect(investor.safeParse({ ...base, portfolio_companies: [{ company_name: 'Acme', representative_email: 'ceo@acme.example' }] }).success).toBe(true);
  });

  it('needs at least 3 employees from a human capital expert too, but none from an event organiser, who names the nature of the event', () => {
    expect(errorsOf(organisationDetailsByType.human_capital_expert.safeParse(businessDetails({ employees: employees(1) })))).toEqual({ employees: ['Add at least 3 employees'] });
    const organiser = organisationDetailsByType.event_organiser;
    expect(errorsOf(organiser.safeParse({ ...businessDetails(), employees: undefined }))).toEqual({ nature_of_event: [validationMessages.required] });
    expect(organiser.safeParse({ ...businessDetails(), employees: undefined, nature_of_event: 'A two-day leadership conference' }).success).toBe(true);
  });

  it("checks the registrar's e-mail only when one is given", () => {
    expect(business.safeParse(businessDetails({ registrar_email: '' })).success).toBe(true);
    expect(errorsOf(business.safeParse(businessDetails({ registrar_email: 'registrar@' })))).toEqual({ registrar_email: [validationMessages.email] });
  });
});

describe('organisation creation: the whole request', () => {
  it('accepts the three steps together and keeps the type-specific lists', () => {
    const result = createOrganisationRequest.safeParse(request());
    expect(result.success).toBe(true);
    expect(result.data?.details.employees).toHaveLength(3);
  });

  it("puts a detail's error under details, on the right row and field", () => {
    const rows = employees(3);
    rows[2] = { position_title: 'Joiner', name: 'Third', email: 'third@' };
    expect(errorsOf(createOrganisationRequest.safeParse(request({ details: businessDetails({ employees: rows }) })))).toEqual({
      'details.employees.2.email': [validationMessages.email],
    });
  });

  it('offers the contract plan to event organisers only, and only it', () => {
    expect(plansFor('event_organiser')).toEqual(['contract']);
    expect(plansFor('business')).toEqual(['monthly', 'quarterly', 'annual']);
    expect(errorsOf(createOrganisationRequest.safeParse(request({ plan: 'contract' })))).toEqual({ plan: [organisationMessages.planNotForType] });
  });

  it('needs the billing details of spec section 3', () => {
    const result = createOrganisationRequest.safeParse(request({ billing_details: { name: '', billing_email: 'x', address_line_1: '', city: '', postal_code: '', country: 'GB' } }));
    expect(Object.keys(errorsOf(result)).sort()).toEqual(['billing_details.address_line_1', 'billing_details.billing_email', 'billing_details.city', 'billing_details.name', 'billing_details.postal_code']);
  });

  it('tells whether the submitted form names the organisation at all (spec 8)', () => {
    expect(organisationMessages.nameNotDefined).toBe('Organization name is not defined in formData!');
    expect(hasOrganisationName(request())).toBe(true);
    expect(hasOrganisationName(request({ details: businessDetails({ name: '   ' }) }))).toBe(false);
    expect(hasOrganisationName({ type: 'business' })).toBe(false);
    expect(hasOrganisationName(null)).toBe(false);
  });
});
