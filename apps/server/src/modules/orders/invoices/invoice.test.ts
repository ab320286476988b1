import { shopApiPaths } from '@app/contract/api-paths';
import { checkoutMessages, digitalContentConsent } from '@app/contract/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders.ts';
import { registerUser } from '../../../../test/auth-helpers.ts';
import { addToBasket, billing, card, checkout, checkoutBody, testCards, createCheckoutTestApp } from '../../../../test/checkout-helpers.ts';
import { readPdf } from '../../../../test/pdf-reader.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { renderInvoice } from './invoice-pdf.ts';
import { orderView } from '../order-view.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createCheckoutTestApp({ env: { SELLER_NAME: 'Compass Test GmbH', SELLER_ADDRESS: 'Teststraße 1|10115 Berlin|Germany', SELLER_VAT_NUMBER: 'DE123456789' } });
});
afterAll(async () => {
  await t?.close();
});


/** The invoice's text as a reader extracts it (embedded fonts mapped back to letters), lines joined by single spaces. */
async function invoiceText(pdf: Uint8Array): Promise<string> {
  return (await readPdf(pdf)).text.replace(/\s+/g, ' ');
}

describe('GET /api/orders/{id}/invoice', () => {
  it('gives the owner of a paid order a PDF with the seller, the order number and the VAT line', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const paid = await checkout(t, user, checkoutBody({ billing: billing({ company: 'Lovelace Analytics' }) }));

    const response = await t.app.inject({ method: 'GET', url: shopApiPaths.orderInvoice(paid.order.id), headers: user.authHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${paid.order.number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await invoiceText(response.rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain(`Invoice number: ${paid.order.number}`);
    expect(text).toContain('Compass Test GmbH');
    expect(text).toContain('VAT number: DE123456789');
    expect(text).toContain('Lovelace Analytics');
    // 29.00 net, German VAT 19 % = 5.51, total 34.51.
    expect(text).toContain('VAT 19% (DE)');
    expect(text).toContain('€5.51');
    expect(text).toContain('€34.51');
    expect(text).not.toContain('Reverse charge');

    // Issue 11: the buyer's request for immediate delivery, with its date and the wording ticked.
    // Long sentences wrap over several lines; joined (one space for the break) they read as written.
    const consentedOn = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(paid.order.created_at));
    expect(text).toContain('Immediate delivery of digital content');
    expect(text).toMatch(
      new RegExp(`On ${consentedOn} at \\d\\d:\\d\\d UTC the buyer asked for the reports to be delivered immediately and acknowledged the loss of the 14-day right of withdrawal, by ticking:`),
    );
    expect(text).toContain(`"${digitalContentConsent.wording}"`);
  });

  it.each([
    ['Polish', { first_name: 'Zofia', last_name: 'Müller-Łukasiewicz', address: 'Floriańska 12', city: 'Kraków', postal_code: '31-019', country: 'PL' }],
    ['Czech', { first_name: 'Jiří', last_name: 'Dvořák', company: 'Dvořák a synové s.r.o.', address: 'Náměstí Míru 5', city: 'Plzeň', postal_code: '301 00', country: 'CZ' }],
    ['Greek', { first_name: 'Ελένη', last_name: 'Παπαδοπούλου', address: 'Οδός Ερμού 20', city: 'Αθήνα', postal_code: '105 63', country: 'GR' }],
    ['Turkish', { first_name: 'Çağlayan', last_name: 'Öztürk', address: 'İstiklal Caddesi 44', city: 'İstanbul', postal_code: '34433', country: 'TR' }],
  ] as const)('prints a %s name and address as typed (an embedded Unicode font)', async (_language, details) => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const paid = await checkout(t, user, checkoutBody({ billing: billing(details) }));
    const response = await t.app.inject({ method: 'GET', url: shopApiPaths.orderInvoice(paid.order.id), headers: user.authHeaders });
    const text = await invoiceText(response.rawPayload);
    for (const typed of Object.entries(details).filter(([field]) => field !== 'country').map(([, value]) => value)) expect(text).toContain(typed);
  });

  it('shows no invoice to anyone else, and none for an unpaid order', async () => {
    const owner = await registerUser(t);
    await addToBasket(t, owner, 'REPORT-BIG5');
    const failed = await checkout(t, owner, checkoutBody({ payment: { method: 'card', card: card(testCards.declined) } }));
    const unpaid = await t.app.inject({ method: 'GET', url: shopApiPaths.orderInvoice(failed.order.id), headers: owner.authHeaders });
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json()).toEqual({ code: 'not_found', message: checkoutMessages.invoiceNotAvailable });

    const paid = await checkout(t, owner);
    const stranger = await registerUser(t);
    const foreign = await t.app.inject({ method: 'GET', url: shopApiPaths.orderInvoice(paid.order.id), headers: stranger.authHeaders });
    expect(foreign.statusCode).toBe(404);
  });

  it('says "Reverse charge" and shows both VAT numbers when the reverse charge applies', async () => {
    const user = await registerUser(t);
    await addToBasket(t, user, 'REPORT-BIG5');
    const paid = await checkout(t, user, checkoutBody({ billing: billing({ country: 'FR', company: 'Société Exemple', vat_number: 'FR12345678901' }) }));
    // Offline, a VAT number is not verified (the buyer pays French VAT); an order placed under a
    // verifying checker is stored with the reverse charge and 0 % VAT, which this renders.
    expect(paid.order.reverse_charge).toBe(false);
    await t.db.update(orders).set({ reverseCharge: true, vatBasisPoints: 0, vatAmount: 0, total: 2900 }).where(eq(orders.id, paid.order.id));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, paid.order.id));
    if (!row) throw new Error('order vanished');
    const pdf = await renderInvoice(await orderView(t.db, row), { seller: t.config.payments.seller, compress: false });
    // Long sentences wrap over several lines; joined with spaces they read as written.
    const text = await invoiceText(pdf);
    expect(text).toContain('Reverse charge');
    expect(text).toContain('VAT 0% (reverse charge)');
    expect(text).toMatch(/Supplier VAT number:\s+DE123456789/);
    expect(text).toMatch(/Customer VAT number:\s+FR12345678901/);
    // Rendered without the order's consent, as for an order placed before the checkout asked for it.
    expect(text).not.toContain('Immediate delivery');
  });
});
