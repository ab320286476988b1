import { organisationApiPaths } from '@app/contract/api-paths';
import { periodInvoiceList, type ActivationInput } from '@app/contract/organisation-billing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/auth-helpers.ts';
import { card } from '../../../test/checkout-helpers.ts';
import { addMember, createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { readPdf } from '../../../test/pdf-reader.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';

// Issue 12: "an invoice PDF per period (the shop's invoice, with the period on it)".

let t: TestApp;
const clock = new ManualClock(new Date('2027-01-31T10:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

describe('period invoices', () => {
  it('lists each period’s invoice and downloads it as the shop’s invoice with the plan and the period on its line', async () => {
    const owner = await registerUser(t);
    const billing = { name: 'Dąbrowski i Synowie sp. z o.o.', billing_email: 'faktury@example.com', address_line_1: 'ul. Floriańska 3', city: 'Kraków', postal_code: '31-019', country: 'PL' };
    const organisation = await createOrganisationThroughApi(t, owner, { plan: 'quarterly', billing_details: billing });
    const body: ActivationInput = { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } };
    await t.app.inject({ method: 'POST', url: organisationApiPaths.activate(organisation.id), headers: owner.headersWithCsrf, payload: body });

    const list = periodInvoiceList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.subscriptionInvoices(organisation.id), headers: owner.authHeaders })).json()).data;
    expect(list).toHaveLength(1);
    const [invoice] = list;
    // 3 x 149.00 = 447.00, 5 % off = 424.65, Polish VAT 23 % = 97.67.
    expect(invoice).toMatchObject({ plan: 'quarterly', net: 42_465, vat_percentage: 23, vat_amount: 9_767, total: 52_232, status: 'paid', period_start: '2027-01-31T10:00:00.000Z', period_end: '2027-04-30T10:00:00.000Z' });

    const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.subscriptionInvoicePdf(organisation.id, invoice?.id ?? ''), headers: owner.authHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice?.number}.pdf"`);
    const text = (await readPdf(response.rawPayload)).text;
    expect(text).toContain(`Invoice number: ${invoice?.number}`);
    expect(text).toContain('Oak & Pine Ltd: Quarterly plan, 31 January 2027 to 29 April 2027');
    expect(text).toContain('Dąbrowski i Synowie sp. z o.o.');
    expect(text).toContain('ul. Floriańska 3');
    expect(text).toContain('Discount (quarterly plan)');
    expect(text).toContain('VAT 23% (PL)');
    expect(text).toContain('€522.32');
  });

  it('is for owners and admins of the organisation only', async () => {
    const owner = await registerUser(t);
    const member = await registerUser(t);
    const stranger = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    await addMember(t, organisation.id, member, 'member');
    await t.app.inject({ method: 'POST', url: organisationApiPaths.activate(organisation.id), headers: owner.headersWithCsrf, payload: { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } } });
    const [invoice] = periodInvoiceList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.subscriptionInvoices(organisation.id), headers: owner.authHeaders })).json()).data;
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.subscriptionInvoices(organisation.id), headers: member.authHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.subscriptionInvoicePdf(organisation.id, invoice?.id ?? ''), headers: stranger.authHeaders })).statusCode).toBe(404);
    const other = await createOrganisationThroughApi(t, stranger);
    expect((await t.app.inject({ method: 'GET', url: organisationApiPaths.subscriptionInvoicePdf(other.id, invoice?.id ?? ''), headers: stranger.authHeaders })).statusCode).toBe(404);
  });
});
