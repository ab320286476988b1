import type { BillingDraft } from './checkout-form';

// Issue 16: the billing details the buyer typed, kept while they stay in this tab's app, so a
// declined card's 'Try again' reopens the checkout with them (the checkout page is left for the
// failed page in between). Only for the same account; a paid order forgets them (saved with the
// account if the buyer asked). Nothing is stored in the browser: a reload opens with the saved
// billing details instead.

let kept: { userId: string; billing: BillingDraft } | null = null;

export const billingDraft = {
  /** What this account typed on an earlier visit of the checkout, if anything. */
  of(userId: string | undefined): BillingDraft | null {
    return userId !== undefined && kept?.userId === userId ? kept.billing : null;
  },
  remember(userId: string | undefined, billing: BillingDraft): void {
    kept = userId === undefined ? null : { userId, billing };
  },
  /** The order is paid: the next checkout opens with the saved billing details. */
  forget(): void {
    kept = null;
  },
};
