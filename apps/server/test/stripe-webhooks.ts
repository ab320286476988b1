import { shopApiPaths } from '@app/contract/api-paths';
import Stripe from 'stripe';
import type { TestApp } from './test-app.ts';

/** Sends `event` to the app's Stripe webhook as Stripe does: the JSON body signed with the endpoint's secret. */
export function sendStripeWebhook(t: TestApp, secret: string, event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({ method: 'POST', url: shopApiPaths.stripeWebhook, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}
