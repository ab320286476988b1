// The buyer's own tick of the digital-content consent (issue 11), kept while they stay in this
// tab's app: a declined card's 'Try again' reopens the checkout with the box as they left it.
// Only a tick the buyer gave is remembered, and only for the same account; a paid order forgets
// it, so the next purchase asks again. Nothing is stored: a reload starts unticked.

let remembered: { userId: string; ticked: boolean } | null = null;

export const consentChoice = {
  /** Whether this account ticked the box on an earlier visit of the checkout. */
  ticked(userId: string | undefined): boolean {
    return userId !== undefined && remembered?.userId === userId && remembered.ticked;
  },
  remember(userId: string | undefined, ticked: boolean): void {
    remembered = userId === undefined ? null : { userId, ticked };
  },
  /** The order is paid: the consent was given for it, and the next one is asked afresh. */
  forget(): void {
    remembered = null;
  },
};
