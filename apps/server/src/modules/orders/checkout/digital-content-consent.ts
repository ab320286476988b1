import type { OrderRow } from '../order-view.ts';
import { formatInvoiceInstant } from '../invoices/invoice-figures.ts';

/**
 * The buyer's consent to immediate delivery and acknowledgement of the lost right of withdrawal
 * (issue 11, contract `digitalContentConsent`), as the order keeps it.
 */
export interface DigitalContentConsent {
  at: Date;
  /** The wording the buyer ticked, verbatim. */
  wording: string;
}

/** The order's consent; null for an order placed before the checkout asked for it. */
export function consentOf(row: Pick<OrderRow, 'digitalContentConsentAt' | 'digitalContentConsentText'>): DigitalContentConsent | null {
  if (row.digitalContentConsentAt === null || row.digitalContentConsentText === null) return null;
  return { at: row.digitalContentConsentAt, wording: row.digitalContentConsentText };
}

/** The invoice's statement, in the third person, with the wording quoted. */
export function invoiceConsentStatement(consent: DigitalContentConsent): string {
  return (
    `On ${formatInvoiceInstant(consent.at)} the buyer asked for the reports to be delivered immediately and acknowledged ` +
    `the loss of the 14-day right of withdrawal, by ticking: "${consent.wording}"`
  );
}

/** The confirmation e-mail's statement, addressed to the buyer, with the wording quoted. */
export function emailConsentStatement(consent: DigitalContentConsent): string {
  return (
    `When you placed this order, on ${formatInvoiceInstant(consent.at)}, you asked for your reports to be delivered immediately ` +
    `and acknowledged that you thereby lose your 14-day right of withdrawal. The box you ticked said: "${consent.wording}"`
  );
}
