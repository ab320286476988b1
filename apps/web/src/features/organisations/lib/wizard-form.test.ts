// @vitest-environment node
import type { OrganisationOffer } from '@app/contract/organisation-pricing';
import { describe, expect, it } from 'vitest';
import { restoreDraft } from './wizard-draft';
import { createOrganisationInput, formFieldOfServerField, initialWizardValues, planFor, prefillBilling, stepOfServerField } from './wizard-form';

const offer: OrganisationOffer = {
  types: [],
  plans: [],
  services: [
    { id: 'service-a', sku: 'A', title: 'A', summary: '', unit_price: 100, minimum_quantity: 3 },
    { id: 'service-b', sku: 'B', title: 'B', summary: '', unit_price: 100, minimum_quantity: 5 },
  ],
};
const empty = initialWizardValues(offer, { email: 'ada@example.com', country: 'DE' });

describe('the wizard form', () => {
  it('opens with each service at its minimum, one user, three employees and one portfolio company', () => {
    expect(empty.services).toEqual([
      { product_id: 'service-a', selected: false, quantity: '3' },
      { product_id: 'service-b', selected: false, quantity: '5' },
    ]);
    expect([empty.details.users.length, empty.details.employees.length, empty.details.portfolio_companies.length]).toEqual([1, 3, 1]);
  });

  it("puts a 422's field on the form's field: rows of lists, the list itself, and the n-th chosen service's row", () => {
    const values = { services: [{ product_id: 'service-a', selected: false, quantity: '3' }, { product_id: 'service-b', selected: true, quantity: '4' }] };
    expect(formFieldOfServerField('details.employees.2.email', values)).toBe('details.employees.2.email');
    expect(formFieldOfServerField('details.users', values)).toBe('details.users.root');
    expect(formFieldOfServerField('details.name', values)).toBe('details.name');
    // The request held only service B: its index 0 is the form's row 1.
    expect(formFieldOfServerField('services.0.quantity', values)).toBe('services.1.quantity');
    expect(formFieldOfServerField('services', values)).toBe('services.root');
    expect(formFieldOfServerField('billing_details.city', values)).toBe('billing_details.city');
    expect(formFieldOfServerField('creation_key', values)).toBeNull();
    expect(['services.0.quantity', 'details.users.0.email', 'billing_details.city', 'plan', 'creation_key'].map(stepOfServerField)).toEqual(['type', 'details', 'plan', 'plan', null]);
  });

  it('prefills the billing name and first address line from step 2 without overwriting what was typed', () => {
    const values = { ...empty, details: { ...empty.details, name: 'Oak & Pine', address: '12 Market Street' } };
    expect(prefillBilling(values)).toMatchObject({ name: 'Oak & Pine', address_line_1: '12 Market Street', billing_email: 'ada@example.com', country: 'DE' });
    expect(prefillBilling({ ...values, billing_details: { ...values.billing_details, name: 'Accounts' } }).name).toBe('Accounts');
  });

  it("chooses the event organiser's only plan, and drops a plan the type may not have", () => {
    expect(planFor('event_organiser', '')).toBe('contract');
    expect(planFor('business', 'contract')).toBe('');
    expect(planFor('business', 'annual')).toBe('annual');
  });

  it('sends the lists of the chosen type only', () => {
    const input = createOrganisationInput({ ...empty, type: 'investor', plan: 'monthly' }, 'key');
    expect(Object.keys(input.details)).toContain('portfolio_companies');
    expect(Object.keys(input.details)).not.toContain('employees');
    expect(Object.keys(input.details)).not.toContain('nature_of_event');
  });
});

describe('the draft', () => {
  it('restores what it can read and falls back to the empty form for the rest', () => {
    const restored = restoreDraft(
      { step: 'details', form: { type: 'business', services: [{ product_id: 'service-b', selected: true, quantity: 7 }, { product_id: 'gone', selected: true, quantity: '1' }], details: { name: 'Oak', users: 'nonsense' }, plan: 'weekly' } },
      empty,
    );
    expect(restored.step).toBe('details');
    expect(restored.values.services).toEqual([empty.services[0], { product_id: 'service-b', selected: true, quantity: '7' }]);
    expect(restored.values.details.name).toBe('Oak');
    expect(restored.values.details.users).toEqual(empty.details.users);
    expect(restored.values.plan).toBe('');
  });

  it('starts at the type when the draft has none, and reads garbage as an empty form', () => {
    expect(restoreDraft({ step: 'plan', form: { details: { name: 'Oak' } } }, empty).step).toBe('type');
    expect(restoreDraft({ step: 'plan', form: { type: 42 } }, empty)).toEqual({ step: 'type', values: empty });
  });
});
