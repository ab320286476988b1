import { organisationApiPaths } from '@app/contract/api-paths';
import { periodInvoiceList, type ActivationInput } from '@app/contract/organisation-billing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, type RegisteredUser } from '../../../test/auth-helpers.ts';
import { card } from '../../../test/checkout-helpers.ts';
import { createOrganisationThroughApi } from '../../../test/organisation-helpers.ts';
import { readPdf } from '../../../test/pdf-reader.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';
import { renewDueSubscriptions } from './renewal-service.ts';

// Issue 12, BillingSettings "billing details": billing details changed on the Billing page are
// printed on the next period's invoice; an invoice already issued keeps the ones it was made with.

let t: TestApp;
const clock = new ManualClock(new Date('2027-05-31T08:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
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

async function activate(owner: RegisteredUser, organisationId: string) {
  const body: ActivationInput = { idempotency_key: randomUUID(), payment: { method: 'card', card: card() } };
  const response = await t.app.inject({ method: 'POST', url: organisationApiPaths.activate(organisationId), headers: owner.headersWithCsrf, payload: body });
  expect(response.statusCode).toBe(200);
}

describe('the billing details on period invoices', () => {
  it('are printed on the next period’s invoice, while the invoice already issued keeps the old ones', async () => {
    const owner = await registerUser(t);
    const organisation = await createOrganisationThroughApi(t, owner);
    await activate(owner, organisation.id);
    expect((await t.app.inject({ method: 'PATCH', url: organisationApiPaths.billingDetails(organisation.id), headers: owner.headersWithCsrf, payload: newDetails })).statusCode).toBe(200);

    // The month ends: the renewal invoices the next period.
    clock.advanceBy(31 * 24 * 60 * 60 * 1000);
    await renewDueSubscriptions({ db: t.app.db, clock, provider: t.app.paymentProvider, mail: t.app.mail, log: t.app.log, sellerCountry: 'DE' });

    const fresh = await login(t, owner.email, owner.password);
    const invoices = periodInvoiceList.parse((await t.app.inject({ method: 'GET', url: organisationApiPaths.subscriptionInvoices(organisation.id), headers: fresh.authHeaders })).json()).data;
    expect(invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    const [next, first] = invoices;
    const pdfText = async (invoiceId: string) => {
      const response = await t.app.inject({ method: 'GET', url: organisationApiPaths.subscriptionInvoicePdf(organisation.id, invoiceId), headers: fresh.authHeaders });
      expect(response.statusCode).toBe(200);
      return (await readPdf(response.rawPayload)).text;
    };

    const nextText = await pdfText(next?.id ?? '');
    for (const line of ['Billed to Oak & Pine Holdings plc', '1 Canal Wharf, Floor 4', 'M1 2AB Manchester', 'Greater Manchester IE']) expect(nextText).toContain(line);
    // Ireland's VAT now, as the new billing country decides.
    expect(next?.vat_percentage).toBe(23);
    expect(nextText).toContain('VAT 23% (IE)');

    const firstText = await pdfText(first?.id ?? '');
    expect(firstText).toContain('Billed to Oak & Pine Ltd 12 Market Street LS1 1AA Leeds GB');
    expect(firstText).not.toContain('Oak & Pine Holdings plc');
    expect(firstText).not.toContain('Canal Wharf');
    // The buyer as each invoice keeps it (the e-mail address too, which the PDF does not print).
    const stored = await t.pool.query<{ id: string; billing: Record<string, unknown> }>('select id, billing from subscription_invoices where id = any($1)', [[first?.id, next?.id]]);
    const billingOf = (id: string | undefined) => stored.rows.find((row) => row.id === id)?.billing;
    expect(billingOf(first?.id)).toMatchObject({ first_name: 'Oak & Pine Ltd', email: 'billing@example.com', country: 'GB' });
    expect(billingOf(next?.id)).toMatchObject({ first_name: newDetails.name, email: newDetails.billing_email, address: '1 Canal Wharf, Floor 4', city: 'Manchester', postal_code: 'M1 2AB', state: 'Greater Manchester', country: 'IE' });
  });
});
