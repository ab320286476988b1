import { organisationApiPaths } from '@app/contract/api-paths';
import { countryCodeMessage } from '@app/contract/checkout';
import { validationMessages } from '@app/contract/messages';
import { subscriptionMessages } from '@app/contract/organisation-billing';
import { organisationEnvelope } from '@app/contract/organisations';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 12, BillingSettings "billing details": owners and admins change the organisation's billing
// details on its Billing page, by the wizard's rules and messages (what the invoices then print:
// billing/period-invoice-billing-details.test.ts).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const newDetails = {
  name: 'Oak & Pine Holdings plc',
  billing_email: 'accounts@oakandpine.example',
  address_line_1: '1 Canal Wharf',
  address_line_2: 'Floor 4',
  city: 'Manchester',
  postal_code: 'M1 2AB',
  country: 'IE',
  county: 'Greater Manchester',
};

function patch(user: RegisteredUser, organisationId: string, payload: object) {
  return t.app.inject({ method: 'PATCH', url: organisationApiPaths.billingDetails(organisationId), headers: user.headersWithCsrf, payload });
}

describe('an organisation’s billing details', () => {
  it('are replaced by an owner and shown as saved, the optional lines emptied when left blank', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);

    const response = await patch(owner, organisation.id, { ...newDetails, country: 'ie' });
    expect(response.statusCode).toBe(200);
    expect(organisationEnvelope.parse(response.json()).data.billing_details).toEqual({ ...newDetails, country: 'IE' });

    const cleared = await patch(owner, organisation.id, { ...newDetails, address_line_2: '  ', county: '' });
    expect(organisationEnvelope.parse(cleared.json()).data.billing_details).toMatchObject({ address_line_2: null, county: null });
    const read = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisation.id), headers: owner.authHeaders });
    expect(organisationEnvelope.parse(read.json()).data.billing_details).toEqual({ ...newDetails, address_line_2: null, county: null });
  });

  it('answers every field’s message of the wizard’s step 3, and changes nothing', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    const response = await patch(owner, organisation.id, { name: ' ', billing_email: 'not-an-address', address_line_1: '', address_line_2: 'x'.repeat(201), city: '', postal_code: '', country: 'Germany', county: 'y'.repeat(101) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: {
        name: [validationMessages.required],
        billing_email: [validationMessages.email],
        address_line_1: [validationMessages.required],
        address_line_2: ['May not be longer than 200 characters'],
        city: [validationMessages.required],
        postal_code: [validationMessages.required],
        country: [countryCodeMessage],
        county: ['May not be longer than 100 characters'],
      },
    });
    const read = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisation.id), headers: owner.authHeaders });
    expect(organisationEnvelope.parse(read.json()).data.billing_details.name).toBe('Oak & Pine Ltd');
  });

  it('may be changed by an admin; a member gets 403 and anyone else 404, and nothing changes', async () => {
    const owner = await registerUser(t);
    const admin = await registerUser(t);
    const member = await registerUser(t);
    const stranger = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    await addMember(t, organisation.id, admin, 'admin');
    await addMember(t, organisation.id, member, 'member');

    expect((await patch(member, organisation.id, newDetails)).statusCode).toBe(403);
    expect((await patch(stranger, organisation.id, newDetails)).statusCode).toBe(404);
    expect((await patch(stranger, randomUUID(), newDetails)).statusCode).toBe(404);
    expect((await patch(stranger, 'not-an-id', newDetails)).statusCode).toBe(404);
    const unchanged = await t.app.inject({ method: 'GET', url: organisationApiPaths.organisation(organisation.id), headers: owner.authHeaders });
    expect(organisationEnvelope.parse(unchanged.json()).data.billing_details.name).toBe('Oak & Pine Ltd');

    const response = await patch(admin, organisation.id, newDetails);
    expect(response.statusCode).toBe(200);
    expect(organisationEnvelope.parse(response.json()).data.billing_details.name).toBe(newDetails.name);
  });

  it('are read-only while the organisation is past due, as every change to it', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    await t.pool.query(`update organisations set status = 'past_due' where id = $1`, [organisation.id]);
    const response = await patch(owner, organisation.id, newDetails);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: subscriptionMessages.readOnly, code: 'organisation_rule' });
  });
});
