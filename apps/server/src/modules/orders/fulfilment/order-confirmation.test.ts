import { digitalContentConsent } from '@app/contract/checkout';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../../test/auth-helpers.ts';
import {
  addToBasket,
  billing,
  card,
  checkout,
  checkoutBody,
  createCheckoutTestApp,
  createCoupon,
  applyCoupon,
  postOrderConfirmation,
  testCards,
  testProviderOf,
} from '../../../../test/checkout-helpers.ts';
import { outboxFor, waitForIdleQueue, waitForMail } from '../../../../test/mail-helpers.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { sendMailJob } from '../../mail/public.ts';

// Issue 11: one order confirmation e-mail when an order becomes paid, however often the payment's
// news arrives (the buyer's confirmation, the provider's repeated events).

let t: TestApp;

beforeAll(async () => {
  // Job workers on: the e-mail is delivered to the dev outbox by the mail.send job.
  t = await createCheckoutTestApp({ jobs: true, env: { PUBLIC_URL: 'https://compass.example' } });
});
afterAll(async () => {
  await t?.close();
});

/** A billing address of its own per test, so each test reads only its own e-mails. */
function buyerEmail(): string {
  return `buyer-${randomBytes(4).toString('hex')}@example.com`;
}

const longDate = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

describe('the order confirmation e-mail', () => {
  it('is sent once an order is paid: number, date, lines with prices, VAT and total as on the invoice, the consent and the reports link', async () => {
    const user = await registerUser(t);
    const email = buyerEmail();
    await addToBasket(t, user, 'REPORT-BIG5');
    await addToBasket(t, user, 'REPORT-VALUES');
    const coupon = await createCoupon(t);
    await applyCoupon(t, user, coupon.code);
    const paid = await checkout(t, user, checkoutBody({ billing: billing({ email, first_name: '<img src=x onerror=alert(1)> & Ada' }) }));
    expect(paid.status).toBe('paid');

    const mail = await waitForMail(t, email);
    expect(mail.subject).toBe(`Your Compass order ${paid.order.number}`);
    expect(mail.links).toEqual(['https://compass.example/reports']);

    const { text, html } = mail;
    expect(text).toContain('Hello <img src=x onerror=alert(1)> & Ada Lovelace,');
    expect(text).toContain(`Order number: ${paid.order.number}`);
    expect(text).toContain(`Date: ${longDate(paid.order.paid_at ?? '')}`);
    // 2900 + 1900 = 4800; 10 % off = 480; net 4320; German VAT 19 % = 820.8 -> 821; total 5141.
    expect(paid.order.summary).toMatchObject({ subtotal: 4800, discount_amount: 480, vat_amount: 821, total: 5141 });
    expect(text).toContain('BIG5 personality report: 1 × €29.00 = €29.00');
    expect(text).toContain('Top 10 values report: 1 × €19.00 = €19.00');
    expect(text).toContain('Subtotal (net): €48.00');
    expect(text).toContain(`Discount (${coupon.code}): -€4.80`);
    expect(text).toContain('Net amount: €43.20');
    expect(text).toContain('VAT 19% (DE): €8.21');
    expect(text).toContain('Total: €51.41');
    expect(text).toMatch(/you asked for your reports to be delivered immediately and acknowledged that you thereby lose your 14-day right of withdrawal/);
    expect(text).toContain(`"${digitalContentConsent.wording}"`);
    expect(text.split('\n')).toContain('https://compass.example/reports');

    // The HTML part: the typed name escaped, the same figures, the button to the reports.
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt; &amp; Ada Lovelace,');
    expect(html).not.toContain('<img');
    expect(html).toContain(paid.order.number);
    expect(html).toContain('VAT 19% (DE)');
    expect(html).toContain('€51.41');
    expect(html).toContain(digitalContentConsent.wording);
    expect(html).toContain('href="https://compass.example/reports"');

    // The provider's events about the same payment arrive afterwards, twice: no second e-mail.
    await testProviderOf(t).deliverEvents({ times: 2 });
    await waitForIdleQueue(t, sendMailJob);
    expect(await outboxFor(t, email)).toHaveLength(1);
  });

  it('is sent when the extra step completes, and not again for a repeated confirmation', async () => {
    const user = await registerUser(t);
    const email = buyerEmail();
    await addToBasket(t, user, 'REPORT-ENVIRONMENT');
    const started = await checkout(t, user, checkoutBody({ billing: billing({ email }), payment: { method: 'card', card: card(testCards.requiresAction) } }));
    if (started.next_action?.type !== 'confirm') throw new Error('expected the test provider’s confirmation step');
    await waitForIdleQueue(t, sendMailJob);
    // Not paid yet: nothing is confirmed.
    expect(await outboxFor(t, email)).toHaveLength(0);

    const confirmation = { confirmation_id: started.next_action.confirmation_id, outcome: 'complete' } as const;
    expect((await postOrderConfirmation(t.app, user, started.order.id, confirmation)).statusCode).toBe(200);
    const mail = await waitForMail(t, email);
    expect(mail.subject).toBe(`Your Compass order ${started.order.number}`);

    // The buyer's page confirms again (a reload), and the provider's events repeat.
    expect((await postOrderConfirmation(t.app, user, started.order.id, confirmation)).statusCode).toBe(200);
    await testProviderOf(t).deliverEvents({ times: 2, reverse: true });
    await waitForIdleQueue(t, sendMailJob);
    expect(await outboxFor(t, email)).toHaveLength(1);
  });

  it('is not sent for a declined payment', async () => {
    const user = await registerUser(t);
    const email = buyerEmail();
    await addToBasket(t, user, 'REPORT-BIG5');
    const failed = await checkout(t, user, checkoutBody({ billing: billing({ email }), payment: { method: 'card', card: card(testCards.declined) } }));
    expect(failed.status).toBe('failed');
    await testProviderOf(t).deliverEvents();
    await waitForIdleQueue(t, sendMailJob);
    expect(await outboxFor(t, email)).toHaveLength(0);
  });
});
