import { checkoutMessages } from '@app/contract/checkout';

// Stripe's public test card numbers and what each does (stripe.com/docs/testing), as the test
// provider plays them. Any other number is refused: test mode never takes a real card.

export type TestCardBehaviour =
  | { outcome: 'succeeds' }
  | { outcome: 'requires_action' }
  | { outcome: 'declined'; failureCode: string; failureMessage: string };

const succeeds: TestCardBehaviour = { outcome: 'succeeds' };
const declined = (failureCode: string, failureMessage: string): TestCardBehaviour => ({ outcome: 'declined', failureCode, failureMessage });

/** Keyed by the full number (only ever held in memory while a request is answered). */
const testCards = new Map<string, TestCardBehaviour>([
  ['4242424242424242', succeeds],
  ['4000056655665556', succeeds],
  ['5555555555554444', succeeds],
  ['2223003122003222', succeeds],
  ['5200828282828210', succeeds],
  ['378282246310005', succeeds],
  ['6011111111111117', succeeds],
  ['4000000000000002', declined('card_declined', checkoutMessages.cardDeclined)],
  ['4000000000009995', declined('insufficient_funds', checkoutMessages.insufficientFunds)],
  ['4000000000000069', declined('expired_card', 'Your card has expired.')],
  ['4000000000000127', declined('incorrect_cvc', 'Your card’s security code is incorrect.')],
  ['4000002500003155', { outcome: 'requires_action' }],
]);

/** Saved test cards are known by their last four digits (the only digits we keep). */
const testCardsByLast4 = new Map([...testCards].map(([number, behaviour]) => [number.slice(-4), behaviour]));

export const unknownTestCard = declined('card_declined', 'Your card was declined. In test mode only test card numbers are accepted.');

export function testCardBehaviour(number: string): TestCardBehaviour {
  return testCards.get(number) ?? unknownTestCard;
}

export function savedTestCardBehaviour(last4: string): TestCardBehaviour {
  return testCardsByLast4.get(last4) ?? unknownTestCard;
}

/** The card brand from the number's leading digits (IIN ranges). */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^(352[89]|35[3-8]\d)/.test(number)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  return 'unknown';
}

/** American Express cards have a 4-digit security code, the others 3. */
export function expectedCvcLength(brand: string): number {
  return brand === 'amex' ? 4 : 3;
}
