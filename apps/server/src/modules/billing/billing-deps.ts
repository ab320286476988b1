import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../mail/public.ts';
import type { PaymentProvider } from '../payments/public.ts';

/** What the billing services work with (a file of its own: the Stripe Billing services and the activation's use each other's work). */
export interface BillingDeps {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  mail: Mailer;
  log: FastifyBaseLogger;
  /** The seller's country (config DEFAULT_VAT_COUNTRY). */
  sellerCountry: string;
}
