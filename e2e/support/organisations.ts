import { organisationApiPaths } from '@app/contract/api-paths';
import { organisationEnvelope, type CreateOrganisationInput, type OrganisationType } from '@app/contract/organisations';
import type { TokenPair } from '@app/contract/auth';
import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { csrfHeaders } from './api.ts';
import { catalogueThroughApi } from './shop.ts';

// An organisation made through POST /api/organisations, the caller its owner (the wizard has its own
// journey in organisations.spec.ts). Every type: a user listed; a business or a Human Capital
// Expert also at least three employees; an investor or event organiser what the test gives in
// `details` (its portfolio companies, the nature of its event); the event organiser on its
// contract plan, the others monthly. Each run's addresses are unique.

const description = 'We design and build office furniture from reclaimed oak and pine, and fit out workplaces for small teams. '.repeat(4);

export async function createOrganisationThroughApi(
  request: APIRequestContext,
  owner: TokenPair,
  options: { name: string; type?: OrganisationType; details?: Partial<CreateOrganisationInput['details']> },
): Promise<string> {
  const service = (await catalogueThroughApi(request, owner)).find((product) => product.sku === 'SERVICE-TEAM-PROFILES');
  if (!service) throw new Error('the catalogue has no team profiles service');
  const run = randomUUID().slice(0, 8);
  const type = options.type ?? 'business';
  const withEmployees = type === 'business' || type === 'human_capital_expert';
  const body = {
    creation_key: randomUUID(),
    type,
    services: [{ product_id: service.id, quantity: service.minimum_quantity }],
    details: {
      name: options.name,
      address: '12 Market Street, Leeds',
      registration_number: '09876543',
      vat_code: 'GB123456789',
      business_description: description,
      users: [{ position_title: 'Director', full_name: 'Zofia Director', email: `zofia-${run}@example.com` }],
      ...(withEmployees ? { employees: [1, 2, 3].map((index) => ({ position_title: 'Carpenter', name: `Employee ${index}`, email: `employee${index}-${run}@example.com` })) } : {}),
      ...options.details,
    },
    plan: type === 'event_organiser' ? 'contract' : 'monthly',
    billing_details: { name: options.name, billing_email: 'billing@example.com', address_line_1: '12 Market Street', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
  };
  const response = await request.post(organisationApiPaths.list, { headers: { Authorization: `Bearer ${owner.access_token}`, ...(await csrfHeaders(request)) }, data: body });
  if (response.status() !== 201) throw new Error(`POST /api/organisations: ${response.status()} ${await response.text()}`);
  return organisationEnvelope.parse(await response.json()).data.id;
}
