import type { ActivationResponse, PeriodInvoice, SubscriptionView } from '@app/contract/organisation-billing';
import type { OrganisationQuote } from '@app/contract/organisation-pricing';
import type { Organisation } from '@app/contract/organisations';
import { baseOrganisationFixture } from '../../../../test/organisation-fixture.ts';

// An organisation, its subscription and its invoices as the server answers them (issue 12),
// changed per test by overriding only what the test is about.

export const organisationId = '5b1f3c2a-7d4e-4f6a-8b9c-0d1e2f3a4b5c';
export const serviceId = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

export function organisationFixture(overrides: Partial<Organisation> = {}): Organisation {
  return baseOrganisationFixture({
    id: organisationId,
    status: 'pending_activation',
    services: [{ product_id: serviceId, product_sku: 'team-profiles', title: 'Team profiles', quantity: 10, minimum_quantity: 5, unit_price: 900 }],
    counts: { users: 1, employees: 3, portfolio_companies: 0, members: 1 },
    billing_details: { name: 'Oak & Pine GmbH', billing_email: 'billing@example.com', address_line_1: 'Hauptstraße 1', address_line_2: null, city: 'Berlin', postal_code: '10115', country: 'DE', county: null },
    ...overrides,
  });
}

export function quoteFixture(overrides: Partial<OrganisationQuote> = {}): OrganisationQuote {
  return { plan: 'monthly', months: 1, basis: 'organisation', subtotal: 14_900, discount_percentage: 0, discount_amount: 0, net: 14_900, vat_percentage: 19, vat_amount: 2_831, total: 17_731, ...overrides };
}

export function subscriptionFixture(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    status: 'active',
    plan: 'monthly',
    current_period_start: '2026-11-26T10:00:00.000Z',
    current_period_end: '2026-12-26T10:00:00.000Z',
    cancel_at_period_end: false,
    next_charge_at: '2026-12-26T10:00:00.000Z',
    next_charge_total: 17_731,
    pending_plan: null,
    pending_quantities: null,
    failed_attempts: 0,
    next_attempt_at: null,
    payment_method: { brand: 'visa', last4: '4242' },
    ...overrides,
  };
}

export function invoiceFixture(overrides: Partial<PeriodInvoice> = {}): PeriodInvoice {
  return {
    id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
    number: 'S-2026-000001',
    period_start: '2026-11-26T10:00:00.000Z',
    period_end: '2026-12-26T10:00:00.000Z',
    plan: 'monthly',
    net: 14_900,
    vat_percentage: 19,
    vat_amount: 2_831,
    total: 17_731,
    status: 'paid',
    paid_at: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

export function activationFixture(overrides: Partial<ActivationResponse> = {}, subscription: Partial<SubscriptionView> = {}): ActivationResponse {
  return { status: 'active', next_action: null, failure_message: null, subscription: subscriptionFixture(subscription), invoice: invoiceFixture(), ...overrides };
}
