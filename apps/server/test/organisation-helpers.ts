import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationEnvelope, type CreateOrganisationInput, type Organisation, type OrganisationRole } from '@app/contract/organisations';
import { randomUUID } from 'node:crypto';
import type { RegisteredUser } from './auth-helpers.ts';
import { productBySku, seededSkus } from './shop-fixtures.ts';
import type { TestApp } from './test-app.ts';

const description = 'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams. '.repeat(4);

/** A valid wizard submission for a business, with the given parts replaced. */
export async function businessOrganisationRequest(t: TestApp, overrides: Partial<CreateOrganisationInput> = {}): Promise<CreateOrganisationInput> {
  const service = await productBySku(t, seededSkus.teamProfiles);
  return {
    creation_key: randomUUID(),
    type: 'business',
    services: [{ product_id: service.id, quantity: service.minimum_quantity }],
    details: {
      name: 'Oak & Pine Ltd',
      address: '12 Market Street, Leeds',
      registration_number: '09876543',
      vat_code: 'GB123456789',
      business_description: description,
      users: [{ position_title: 'Director', full_name: 'Zofia Łukasiewicz', email: 'zofia@example.com' }],
      employees: [1, 2, 3].map((index) => ({ position_title: 'Carpenter', name: `Employee ${index}`, email: `employee${index}@example.com` })),
    },
    plan: 'monthly',
    billing_details: { name: 'Oak & Pine Ltd', billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
    ...overrides,
  };
}

/** Creates a business organisation through POST /api/organisations, the user as its owner. */
export async function createOrganisationThroughApi(t: TestApp, owner: RegisteredUser, overrides: Partial<CreateOrganisationInput> = {}): Promise<Organisation> {
  const response = await t.app.inject({ method: 'POST', url: organisationApiPaths.list, headers: owner.headersWithCsrf, payload: await businessOrganisationRequest(t, overrides) });
  if (response.statusCode !== 201) throw new Error(`creating an organisation answered ${response.statusCode}: ${response.body}`);
  return organisationEnvelope.parse(response.json()).data;
}

/** Arranges a membership directly (the invitation flow has tests of its own). */
export async function addMember(t: TestApp, organisationId: string, user: RegisteredUser, role: OrganisationRole): Promise<void> {
  await t.pool.query('insert into organisation_members (organisation_id, user_id, role) values ($1, $2, $3)', [organisationId, user.account.id, role]);
}

/** Marks the account's e-mail address verified, as the verification link would. */
export async function markEmailVerified(t: TestApp, user: RegisteredUser): Promise<void> {
  await t.pool.query('update users set email_verified_at = now() where id = $1', [user.account.id]);
}
