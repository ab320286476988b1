import type { Organisation } from '@app/contract/organisations';

// An organisation as GET /api/organisations/{id} answers it (issue 12); each feature's fixture sets
// what its tests are about on top (status, services, counts, billing details).

export function baseOrganisationFixture(overrides: Partial<Organisation> & Pick<Organisation, 'id'>): Organisation {
  return {
    name: 'Oak & Pine Ltd',
    type: 'business',
    status: 'active',
    plan: 'monthly',
    role: 'owner',
    created_at: '2026-11-01T09:00:00.000Z',
    address: '12 Market Street, Leeds',
    registration_number: 'HRB 12345',
    vat_code: 'DE123456789',
    business_description: 'Furniture made to last.',
    registrar_name: null,
    registrar_email: null,
    registrar_phone: null,
    nature_of_event: null,
    services: [],
    counts: { users: 1, employees: 3, portfolio_companies: 0, members: 3 },
    billing_details: { name: 'Oak & Pine Ltd', billing_email: 'billing@example.com', address_line_1: '12 Market Street', address_line_2: null, city: 'Leeds', postal_code: 'LS1 1AA', country: 'DE', county: null },
    ...overrides,
  };
}
