import { cardMessages, isCardExpired, type CardDetails } from '@app/contract/checkout';
import { ValidationError, type FieldErrors } from '../../../lib/domain-errors.ts';
import { cardBrand, expectedCvcLength } from './test-cards.ts';

/**
 * The checks the contract's schema cannot make alone: expiry against the server's clock and the
 * CVC length of the card's brand (Luhn and the digits are checked by the schema). Field names are
 * the form's (`payment.card.number` at checkout, `card.number` when saving a card).
 */
export function checkCard(card: CardDetails, now: Date, fieldPrefix: string): void {
  const errors: FieldErrors = {};
  if (isCardExpired(card.exp_month, card.exp_year, now)) errors[`${fieldPrefix}.exp_year`] = [cardMessages.expiry];
  if (card.cvc.length !== expectedCvcLength(cardBrand(card.number))) errors[`${fieldPrefix}.cvc`] = [cardMessages.cvc];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
