// The reports' query keys, apart from the list's query (lib/report-list.ts), so that what only
// invalidates them (a paid checkout) does not load the list's schema with them.

/** Every reports query (whichever user, list or single report): what a payment, a retry or an update invalidates. */
export const reportsRootKey = ['reports'] as const;
