import { useSyncExternalStore } from 'react';
import { sessionStore } from '@/lib/session-store';

// Issue 16: the country the buyer chose for the VAT (on the basket page, or the billing country
// they left the checkout with). Every cart call is priced for it from then on, so the basket page
// and the checkout show one total; without a choice the server takes the account's country
// (`basket.vat_country` says which). Kept in memory for the user who chose it: a logout, or
// another account in this tab, forgets it.

let choice: { userId: string; country: string } | null = null;
const listeners = new Set<() => void>();

function set(next: typeof choice): void {
  choice = next;
  listeners.forEach((listener) => listener());
}

sessionStore.subscribe(() => {
  if (choice !== null && sessionStore.getSnapshot().user?.id !== choice.userId) set(null);
});

export const vatCountryChoice = {
  /** The country `userId` chose, or null (the account's country prices the basket). */
  of(userId: string): string | null {
    return choice?.userId === userId ? choice.country : null;
  },
  choose(userId: string, country: string): void {
    if (vatCountryChoice.of(userId) !== country) set({ userId, country });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The country `userId` chose (null for nobody, or no choice), following every change. */
export function useVatCountryChoice(userId: string | null): string | null {
  const snapshot = () => (userId === null ? null : vatCountryChoice.of(userId));
  return useSyncExternalStore(vatCountryChoice.subscribe, snapshot, snapshot);
}
