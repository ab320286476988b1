import { validationMessages } from '@app/contract/messages';
import type { OrganisationOffer, OrganisationQuote } from '@app/contract/organisation-pricing';
import { organisationMessages, type Organisation } from '@app/contract/organisations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { completeUser } from '../../../../test/account-fixture.ts';
import { renderRoute, routeTimeout, seedSession } from '../../../../test/app-harness.tsx';
import type { Handler } from '../../../../test/local-api-server.ts';
import { clearQueryCache } from '../../../../test/query-cache.ts';
import { setUpRouteTests } from '../../../../test/route-test-setup.ts';

// organization.create (issue 12, the creation wizard) through the real route table, against a
// real local HTTP server scripted with the organisation calls of the contract: every rule of spec
// section 5 for organisations with its message, the draft kept on the server, the server's 422
// on the right step and row, and spec 8's 400.

const server = setUpRouteTests();

beforeEach(() => {
  clearQueryCache();
});

const teamProfiles = '7b0e3f5c-9a51-4d8e-8b52-0c8e1c7f2a11';
const cultureAnalysis = '0f4a2d61-3c3b-4b9a-a7f6-6d2f8f1e9b22';

const offer: OrganisationOffer = {
  types: [
    { type: 'business', basis: 'organisation', monthly_price: 14_900 },
    { type: 'human_capital_expert', basis: 'services', monthly_price: 0 },
    { type: 'investor', basis: 'portfolio_company', monthly_price: 4_900 },
    { type: 'event_organiser', basis: 'contract', monthly_price: 0 },
  ],
  plans: [
    { plan: 'monthly', months: 1, discount_percentage: 0 },
    { plan: 'quarterly', months: 3, discount_percentage: 5 },
    { plan: 'annual', months: 12, discount_percentage: 15 },
    { plan: 'contract', months: null, discount_percentage: 0 },
  ],
  services: [
    { id: teamProfiles, sku: 'ORG-TEAM-PROFILES', title: 'Team profiles', summary: 'A profile of each member.', unit_price: 2_400, minimum_quantity: 3 },
    { id: cultureAnalysis, sku: 'ORG-CULTURE', title: 'Culture analysis', summary: 'How the team’s values fit.', unit_price: 1_500, minimum_quantity: 5 },
  ],
};

function quoteOf(plan: 'monthly' | 'quarterly' | 'annual' | 'contract'): OrganisationQuote {
  if (plan === 'contract') {
    return { plan, months: null, basis: 'contract', subtotal: null, discount_percentage: 0, discount_amount: null, net: null, vat_percentage: 19, vat_amount: null, total: null };
  }
  const months = { monthly: 1, quarterly: 3, annual: 12 }[plan];
  const discount = { monthly: 0, quarterly: 5, annual: 15 }[plan];
  const subtotal = 14_900 * months;
  const discountAmount = Math.round((subtotal * discount) / 100);
  const net = subtotal - discountAmount;
  const vat = Math.round(net * 0.19);
  return { plan, months, basis: 'organisation', subtotal, discount_percentage: discount, discount_amount: discountAmount, net, vat_percentage: 19, vat_amount: vat, total: net + vat };
}

const description = 'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams. '.repeat(4);

/** A business whose three steps are all filled in, as the draft keeps it. */
function filledForm(overrides: Record<string, unknown> = {}) {
  return {
    type: 'business',
    services: [
      { product_id: teamProfiles, selected: true, quantity: '4' },
      { product_id: cultureAnalysis, selected: false, quantity: '5' },
    ],
    details: {
      name: 'Oak & Pine <Ltd>',
      address: '12 Market Street, Leeds',
      registration_number: '09876543',
      vat_code: 'GB123456789',
      business_description: description,
      registrar_name: '',
      registrar_email: '',
      registrar_phone: '',
      nature_of_event: '',
      users: [{ position_title: 'Director', full_name: 'Zofia Łukasiewicz', email: 'zofia@example.com' }],
      employees: [1, 2, 3].map((number) => ({ position_title: 'Carpenter', name: `Employee ${number}`, email: `employee${number}@example.com` })),
      portfolio_companies: [{ company_name: '', representative_email: '' }],
    },
    plan: 'quarterly',
    billing_details: { name: 'Oak & Pine Ltd', billing_email: 'billing@example.com', address_line_1: '12 Market Street', address_line_2: '', city: 'Leeds', postal_code: 'LS1 1AA', country: 'DE', county: '' },
    billing_prefilled: true,
    ...overrides,
  };
}

function createdOrganisation(): Organisation {
  return {
    id: '5d7c1a2b-0000-4000-8000-000000000001',
    name: 'Oak & Pine <Ltd>',
    type: 'business',
    status: 'pending_activation',
    plan: 'quarterly',
    role: 'owner',
    created_at: '2026-11-26T10:00:00.000Z',
    address: '12 Market Street, Leeds',
    registration_number: '09876543',
    vat_code: 'GB123456789',
    business_description: description,
    registrar_name: null,
    registrar_email: null,
    registrar_phone: null,
    nature_of_event: null,
    services: [{ product_id: teamProfiles, product_sku: 'ORG-TEAM-PROFILES', title: 'Team profiles', quantity: 4, minimum_quantity: 3, unit_price: 2_400 }],
    counts: { users: 1, employees: 3, portfolio_companies: 0, members: 1 },
    billing_details: { name: 'Oak & Pine Ltd', billing_email: 'billing@example.com', address_line_1: '12 Market Street', address_line_2: null, city: 'Leeds', postal_code: 'LS1 1AA', country: 'DE', county: null },
  };
}

interface Serve {
  draft?: { step: 'type' | 'details' | 'plan'; form: Record<string, unknown> } | null;
  create?: Handler;
}

async function openWizard({ draft = null, create }: Serve = {}, path = '/organization/create') {
  seedSession(server(), completeUser);
  server().on('GET', '/api/cart', () => ({ status: 204 }));
  server().on('GET', '/api/organisations/offer', () => ({ status: 200, body: { data: offer } }));
  server().on('GET', '/api/organisations/draft', () => ({ status: 200, body: { data: draft ? { ...draft, updated_at: '2026-11-26T09:00:00.000Z' } : null } }));
  server().on('PUT', '/api/organisations/draft', (request) => ({ status: 200, body: { data: { ...(request.body as object), updated_at: '2026-11-26T10:00:00.000Z' } } }));
  server().on('POST', '/api/organisations/quote', (request) => ({ status: 200, body: { data: quoteOf((request.body as { plan: 'monthly' }).plan) } }));
  if (create) server().on('POST', '/api/organisations', create);
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Create an organisation', level: 1 }, routeTimeout);
  return view;
}

const stepHeading = (name: string) => screen.findByRole('heading', { name, level: 2 }, routeTimeout);
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const row = (name: string) => screen.getByRole('group', { name });

describe('organization.create: the creation wizard', () => {
  it('is where /organization leads, with Dashboard › Create organisation and its title', async () => {
    const { router } = await openWizard({}, '/organization');
    expect(router.state.location.pathname).toBe('/organization/create');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).getByText('Create organisation')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Create organisation | Compass'));
    expect(await stepHeading('Type and services')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Steps' })).getByText('Type and services').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('describes each type in plain words with how it is charged, from the offer', async () => {
    await openWizard();
    const business = await screen.findByRole('radio', { name: 'Business' }, routeTimeout);
    expect(business).toHaveAccessibleDescription(/A single organisation that defines its values.*€149\.00 a month for the whole organisation\./);
    expect(screen.getByRole('radio', { name: 'Investor' })).toHaveAccessibleDescription(/€49\.00 a month per portfolio company\./);
    expect(screen.getByRole('radio', { name: 'Human Capital Expert' })).toHaveAccessibleDescription(/Charged per activated service/);
    expect(screen.getByRole('radio', { name: 'Event Organiser' })).toHaveAccessibleDescription(/without personal data.*Terms agreed with our sales team\./);
  });

  it("step 1: asks for a type and at least one service, and says 'Minimal quantity is {value}' (spec 5)", async () => {
    await openWizard();
    await stepHeading('Type and services');
    await next();

    expect(await screen.findByText(organisationMessages.chooseType)).toBeInTheDocument();
    expect(screen.getByText(organisationMessages.atLeastOneService)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Business' })).toHaveFocus());

    await userEvent.click(screen.getByRole('radio', { name: 'Business' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Team profiles' }));
    const quantity = screen.getByLabelText('Quantity of Team profiles');
    expect(quantity).toHaveValue('3');
    expect(quantity).toHaveAccessibleDescription('Minimal quantity is 3');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await next();

    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(quantity).toHaveAccessibleDescription(validationMessages.minimalQuantity(3));
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(screen.queryByText(organisationMessages.atLeastOneService)).not.toBeInTheDocument();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await next();
    const focused = await stepHeading('Details');
    await waitFor(() => expect(focused).toHaveFocus());
    await waitFor(() => expect(server().requestsTo('PUT', '/api/organisations/draft').at(-1)?.body).toMatchObject({ step: 'details' }));
    expect(server().requestsTo('PUT', '/api/organisations/draft').at(-1)?.body).toMatchObject({
      step: 'details',
      form: { type: 'business', services: [{ product_id: teamProfiles, selected: true, quantity: '4' }, { product_id: cultureAnalysis, selected: false, quantity: '5' }] },
    });
  });

  it('step 2: every required field, the 300-character description with its counter, and each list’s rules (spec 5)', async () => {
    await openWizard({ draft: { step: 'details', form: filledForm({ details: undefined }) } });
    await stepHeading('Details');
    // Businesses list employees: three empty rows to start with.
    expect(await screen.findAllByRole('group', { name: /^Employee \d$/ })).toHaveLength(3);
    await next();

    const name = screen.getByLabelText('Organisation name');
    await waitFor(() => expect(name).toHaveAccessibleDescription(validationMessages.required));
    await waitFor(() => expect(name).toHaveFocus());
    for (const label of ['Address', 'Registration number', 'VAT code']) expect(screen.getByLabelText(label)).toHaveAccessibleDescription(validationMessages.required);
    expect(screen.getByLabelText('Business description')).toHaveAccessibleDescription(/^Field is required/);
    expect(within(row('User 1')).getByLabelText('Full name')).toHaveAccessibleDescription(validationMessages.required);
    expect(within(row('Employee 3')).getByLabelText('E-mail')).toHaveAccessibleDescription(validationMessages.required);

    const descriptionField = screen.getByLabelText('Business description');
    await userEvent.type(descriptionField, 'Too short.');
    expect(screen.getByText('10 / 64,000')).toBeInTheDocument();
    expect(descriptionField).toHaveAccessibleDescription(/Must be at least 300 characters.*10 of 64,000 characters/);

    // An invalid e-mail on a row, said on that row.
    await userEvent.type(within(row('Employee 2')).getByLabelText('E-mail'), 'not-an-email');
    await next();
    await waitFor(() => expect(within(row('Employee 2')).getByLabelText('E-mail')).toHaveAccessibleDescription(validationMessages.email));

    // At least 3 employees; an empty list says so first.
    await userEvent.click(screen.getByRole('button', { name: 'Remove employee 3' }));
    await next();
    expect(await screen.findByText(organisationMessages.atLeastEmployees(3))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove user 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove employee 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove employee 1' }));
    await next();
    await waitFor(() => expect(screen.getAllByText(organisationMessages.listEmpty)).toHaveLength(2));
    expect(screen.getByRole('group', { name: 'Users' })).toHaveAccessibleDescription(/^The list cannot be empty/);
    expect(screen.getByRole('group', { name: 'Employees' })).toHaveAccessibleDescription(/^The list cannot be empty/);
    // A refused Next moves nowhere, and keeps what was typed.
    await waitFor(() => expect(server().requestsTo('PUT', '/api/organisations/draft').at(-1)?.body).toMatchObject({ step: 'details', form: { details: { users: [], employees: [] } } }));
  });

  it('step 2 asks an investor for at least one portfolio company with a valid representative e-mail', async () => {
    await openWizard({ draft: { step: 'details', form: filledForm({ type: 'investor' }) } });
    await stepHeading('Details');
    expect(screen.queryByRole('group', { name: 'Employees' })).not.toBeInTheDocument();
    const company = row('Portfolio company 1');
    await userEvent.type(within(company).getByLabelText('Representative e-mail'), 'ceo@');
    await next();
    await waitFor(() => expect(within(company).getByLabelText('Company name')).toHaveAccessibleDescription(validationMessages.required));
    expect(within(company).getByLabelText('Representative e-mail')).toHaveAccessibleDescription(validationMessages.email);
    await userEvent.click(screen.getByRole('button', { name: 'Remove portfolio company 1' }));
    await next();
    expect(await screen.findByText(organisationMessages.listEmpty)).toBeInTheDocument();
  });

  it('keeps the entries across a reload: the draft reopens the step it was saved on', async () => {
    await openWizard({ draft: { step: 'details', form: filledForm() } });
    expect(await stepHeading('Details')).toBeInTheDocument();
    expect(screen.getByText('Welcome back: your draft has been restored.')).toBeInTheDocument();
    expect(screen.getByLabelText('Organisation name')).toHaveValue('Oak & Pine <Ltd>');
    expect(within(row('Employee 3')).getByLabelText('E-mail')).toHaveValue('employee3@example.com');
    expect(screen.getByText(`${description.length} / 64,000`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const focused = await stepHeading('Type and services');
    await waitFor(() => expect(focused).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Business' })).toBeChecked();
    expect(screen.getByLabelText('Quantity of Team profiles')).toHaveValue('4');
    await waitFor(() => expect(server().requestsTo('PUT', '/api/organisations/draft')[0]?.body).toMatchObject({ step: 'type', form: { details: { name: 'Oak & Pine <Ltd>' } } }));
  });

  it('keeps what is typed in a step without Next, so a reload in the middle of step 2 keeps it', async () => {
    await openWizard({ draft: { step: 'details', form: filledForm({ details: undefined }) } });
    await stepHeading('Details');
    await userEvent.type(screen.getByLabelText('Organisation name'), 'Oak & Pine');
    await waitFor(() => expect(server().requestsTo('PUT', '/api/organisations/draft').at(-1)?.body).toMatchObject({ step: 'details', form: { details: { name: 'Oak & Pine' } } }), routeTimeout);
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
  });

  it('keeps what was just typed when the tab closes or reloads, on a request that outlives the page', async () => {
    await openWizard({ draft: { step: 'details', form: filledForm({ details: undefined }) } });
    await stepHeading('Details');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await userEvent.type(screen.getByLabelText('Organisation name'), 'Elm');
    // Before the autosave's delay has passed: only the page going away sends it.
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(server().requestsTo('PUT', '/api/organisations/draft').at(-1)?.body).toMatchObject({ step: 'details', form: { details: { name: 'Elm' } } }));
    const draftPut = fetchSpy.mock.calls.find(([url, init]) => String(url).endsWith('/api/organisations/draft') && init?.method === 'PUT');
    expect(draftPut?.[1]?.keepalive).toBe(true);
    fetchSpy.mockRestore();
  });

  it('step 3: prefills the billing details from step 2, prices each plan with VAT and creates the organisation', async () => {
    await openWizard({
      draft: { step: 'details', form: filledForm({ plan: '', billing_prefilled: false, billing_details: undefined }) },
      create: () => ({ status: 201, body: { data: createdOrganisation() } }),
    });
    await stepHeading('Details');
    await next();
    const planHeading = await stepHeading('Billing plan');
    await waitFor(() => expect(planHeading).toHaveFocus());
    expect(await screen.findByLabelText('Name')).toHaveValue('Oak & Pine <Ltd>');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('12 Market Street, Leeds');
    expect(screen.getByLabelText('Billing email')).toHaveValue(completeUser.email);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['monthly', 'quarterly', 'annual']);

    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText(organisationMessages.choosePlan)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Country'), 'DE');
    await userEvent.type(screen.getByLabelText('City'), 'Leeds');
    await userEvent.type(screen.getByLabelText('Postal code'), 'LS1 1AA');
    await userEvent.click(screen.getByRole('radio', { name: 'Quarterly' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Quarterly' })).toHaveAccessibleDescription(/€505\.33 per period, VAT included/), routeTimeout);
    const summary = screen.getByRole('region', { name: 'Price per period' });
    expect(within(summary).getByText('Subtotal').nextElementSibling).toHaveTextContent('€447.00');
    expect(within(summary).getByText('Plan discount (5%)').nextElementSibling).toHaveTextContent('−€22.35');
    expect(within(summary).getByText('VAT (19%)').nextElementSibling).toHaveTextContent('€80.68');
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('€505.33');

    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    const createdHeading = await screen.findByRole('heading', { name: 'Your organisation has been created.' }, routeTimeout);
    await waitFor(() => expect(createdHeading).toHaveFocus());
    expect(screen.getByText('Oak & Pine <Ltd>')).toBeInTheDocument();
    expect(screen.getByText('Awaiting activation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    // spec 2: after success an Activate action.
    expect(screen.getByRole('link', { name: 'Activate' })).toHaveAttribute('href', `/organization/${createdOrganisation().id}/activate`);

    const [request] = server().requestsTo('POST', '/api/organisations');
    expect(request?.body).toMatchObject({
      type: 'business',
      services: [{ product_id: teamProfiles, quantity: 4 }],
      plan: 'quarterly',
      details: { name: 'Oak & Pine <Ltd>', employees: [{ name: 'Employee 1' }, { name: 'Employee 2' }, { name: 'Employee 3' }] },
      billing_details: { name: 'Oak & Pine <Ltd>', address_line_1: '12 Market Street, Leeds', city: 'Leeds', postal_code: 'LS1 1AA', country: 'DE' },
    });
    expect((request?.body as { creation_key: string }).creation_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).not.toHaveProperty('details.portfolio_companies');
    // The server forgot the draft with the submit: nothing typed before it brings it back.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const calls = server().requests.map((call) => `${call.method} ${call.path}`);
    expect(calls.lastIndexOf('PUT /api/organisations/draft')).toBeLessThan(calls.indexOf('POST /api/organisations'));
  });

  it('offers the event organiser its contract alone, with its terms agreed with sales', async () => {
    await openWizard({
      draft: { step: 'details', form: filledForm({ type: 'event_organiser', plan: '', details: { ...filledForm().details, nature_of_event: 'A leadership conference' } }) },
    });
    await stepHeading('Details');
    expect(screen.getByLabelText('Nature of the event')).toHaveValue('A leadership conference');
    await next();
    await stepHeading('Billing plan');
    expect(screen.getByRole('radio', { name: 'Event organiser contract' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Price per period' })).getByText(/Terms agreed with our sales team/)).toBeInTheDocument();
  });

  it("puts the server's 422 on its step and row: details.employees.2.email opens step 2 at employee 3's e-mail", async () => {
    await openWizard({
      draft: { step: 'plan', form: filledForm() },
      create: () => ({
        status: 422,
        body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { 'details.employees.2.email': [organisationMessages.emailTwice] } },
      }),
    });
    await stepHeading('Billing plan');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));

    expect(await stepHeading('Details')).toBeInTheDocument();
    const email = within(row('Employee 3')).getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription(organisationMessages.emailTwice));
    await waitFor(() => expect(email).toHaveFocus());
  });

  it("opens step 1 for a service the server refuses, on that service's row (the request's n-th chosen service)", async () => {
    const services = [
      { product_id: teamProfiles, selected: false, quantity: '3' },
      { product_id: cultureAnalysis, selected: true, quantity: '5' },
    ];
    await openWizard({
      draft: { step: 'plan', form: filledForm({ services }) },
      // The operator raised the minimum meanwhile.
      create: () => ({ status: 422, body: { message: 'The provided data is invalid. Please check your input and try again.', errors: { 'services.0.quantity': [validationMessages.minimalQuantity(6)] } } }),
    });
    await stepHeading('Billing plan');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));

    expect(await stepHeading('Type and services')).toBeInTheDocument();
    const quantity = screen.getByLabelText('Quantity of Culture analysis');
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('Minimal quantity is 6'));
    await waitFor(() => expect(quantity).toHaveFocus());
    expect(screen.getByLabelText('Quantity of Team profiles')).not.toHaveAttribute('aria-invalid');
  });

  it("shows spec 8's 'Organization name is not defined in formData!' from a 400 in an alert", async () => {
    await openWizard({ draft: { step: 'plan', form: filledForm() }, create: () => ({ status: 400, body: { message: organisationMessages.nameNotDefined } }) });
    await stepHeading('Billing plan');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByRole('alert', undefined, routeTimeout)).toHaveTextContent('Organization name is not defined in formData!');
    expect(screen.getByRole('heading', { name: 'Billing plan', level: 2 })).toBeInTheDocument();
  });
});
