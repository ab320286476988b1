import type { Stripe } from '@stripe/stripe-js';

// Stripe.js must come from js.stripe.com (PCI); '@stripe/stripe-js/pure' injects its script only
// when loadStripe is called, so the script loads only when the payment config says 'stripe'.

/** How long Stripe.js may take to arrive before the card form counts as failed. */
const loadTimeoutMs = 15_000;

const clients = new Map<string, Promise<Stripe>>();

/** Stripe.js for `publishableKey`, loaded once per key; rejects when it cannot be loaded. */
export function loadStripeClient(publishableKey: string): Promise<Stripe> {
  let client = clients.get(publishableKey);
  if (!client) {
    client = new Promise<Stripe>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Stripe.js did not load in time')), loadTimeoutMs);
      import('@stripe/stripe-js/pure')
        .then(({ loadStripe }) => loadStripe(publishableKey))
        .then((stripe) => (stripe ? resolve(stripe) : reject(new Error('Stripe.js is unavailable'))), reject)
        .finally(() => clearTimeout(timer));
    });
    // A failed load may succeed on the next try (the buyer's "Try again").
    client.catch(() => clients.delete(publishableKey));
    clients.set(publishableKey, client);
  }
  return client;
}
