import { describe, expect, it } from 'vitest';
import { cardDetails, cardMessages, checkoutBilling, checkoutRequest, digitalContentConsent, isCardExpired, passesLuhn } from './checkout.ts';
import { paymentMessages } from './messages.ts';

describe('checkout contract', () => {
  it('spells the payment messages of spec section 8', () => {
    expect(paymentMessages.paymentFailed).toBe('Payment failed');
    expect(paymentMessages.failedToAttachPaymentMethod).toBe('Failed to attach payment method');
    expect(paymentMessages.failedToInitializeCardForm).toBe('Failed to initialize card form');
    expect(paymentMessages.identityMissing).toBe('You missed identifying yourself, click here to try again!');
  });

  it('checks card numbers with Luhn, ignoring spaces and dashes', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(cardDetails.parse({ number: '4242 4242-4242 4242', exp_month: '12', exp_year: '2030', cvc: '123' })).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
    const refused = cardDetails.safeParse({ number: '4242 4242 4242 4241', exp_month: 12, exp_year: 2030, cvc: '1' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['number', cardMessages.number],
      ['cvc', cardMessages.cvc],
    ]);
  });

  it('counts a card valid through the last day of its expiry month', () => {
    expect(isCardExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(isCardExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });

  it('upper-cases the country and tidies the VAT number; state and company are optional', () => {
    const parsed = checkoutBilling.parse({
      first_name: ' Ada ',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      address: 'Unter den Linden 1',
      city: 'Berlin',
      state: '',
      postal_code: '10117',
      country: 'de',
      vat_number: 'de 123.456.789',
    });
    expect(parsed).toMatchObject({ first_name: 'Ada', country: 'DE', vat_number: 'DE123456789' });
    expect([parsed.state, parsed.company]).toEqual([undefined, undefined]);
    expect(checkoutBilling.safeParse({ first_name: '', last_name: 'x', email: 'no', address: 'a', city: 'c', postal_code: '1', country: 'Germany' }).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'first_name',
      'email',
      'country',
    ]);
  });

  it('places an order only with the digital-content consent ticked, and names the field otherwise', () => {
    const body = {
      billing: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', address: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' },
      payment: { method: 'saved', payment_method_id: 'pm_1' },
      idempotency_key: 'checkout_12345678',
    };
    expect(checkoutRequest.parse({ ...body, digital_content_consent: true }).digital_content_consent).toBe(true);
    for (const consent of [undefined, false, 'true', 1]) {
      const refused = checkoutRequest.safeParse({ ...body, digital_content_consent: consent });
      expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['digital_content_consent', digitalContentConsent.required]]);
    }
    expect(digitalContentConsent.wording).toMatch(/delivered immediately.*14-day right of withdrawal/);
  });
});
