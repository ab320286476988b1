import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as appSecrets from './schema/app-secrets.ts';
import * as assessmentResults from './schema/assessment-results.ts';
import * as authSessions from './schema/auth-sessions.ts';
import * as currentAnswers from './schema/current-answers.ts';
import * as mailOutbox from './schema/mail-outbox.ts';
import * as passwordResetTokens from './schema/password-reset-tokens.ts';
import * as questionAnswers from './schema/question-answers.ts';
import * as questionnaireItems from './schema/questionnaire-items.ts';
import * as questionnaireProgress from './schema/questionnaire-progress.ts';
import * as questionnaireTotals from './schema/questionnaire-totals.ts';
import * as rateLimitCounters from './schema/rate-limit-counters.ts';
import * as users from './schema/users.ts';
import * as grantedReports from './schema/granted-reports.ts';
import * as orderLines from './schema/order-lines.ts';
import * as orders from './schema/orders.ts';
import * as paymentCustomers from './schema/payment-customers.ts';
import * as paymentMethods from './schema/payment-methods.ts';
import * as paymentTransactions from './schema/transactions.ts';
import * as webhookEvents from './schema/webhook-events.ts';
import * as paymentCustomerDeletions from './schema/payment-customer-deletions.ts';
import * as testProviderMethods from './schema/test-provider-methods.ts';
import * as testProviderPayments from './schema/test-provider-payments.ts';
import * as carts from './schema/carts.ts';
import * as cartItems from './schema/cart-items.ts';
import * as couponRedemptions from './schema/coupon-redemptions.ts';
import * as coupons from './schema/coupons.ts';
import * as products from './schema/products.ts';
import * as organisations from './schema/organisations.ts';
import * as organisationMembers from './schema/organisation-members.ts';
import * as organisationServices from './schema/organisation-services.ts';
import * as organisationPeople from './schema/organisation-people.ts';
import * as organisationDrafts from './schema/organisation-drafts.ts';
import * as billingPlans from './schema/billing-plans.ts';
import * as organisationTypePrices from './schema/organisation-type-prices.ts';
import * as organisationInvitations from './schema/organisation-invitations.ts';
import * as organisationOwnershipOffers from './schema/organisation-ownership-offers.ts';
import * as subscriptions from './schema/subscriptions.ts';
import * as subscriptionInvoices from './schema/subscription-invoices.ts';

// Every table file under ./schema, one line each (drizzle.config.ts globs the same folder).
const schema = { ...appSecrets, ...users, ...authSessions, ...passwordResetTokens, ...rateLimitCounters, ...mailOutbox, ...products, ...coupons, ...couponRedemptions, ...carts, ...cartItems, ...questionnaireItems, ...questionnaireProgress, ...questionnaireTotals, ...questionAnswers, ...currentAnswers, ...assessmentResults, ...orders, ...orderLines, ...paymentTransactions, ...paymentMethods, ...paymentCustomers, ...webhookEvents, ...grantedReports, ...paymentCustomerDeletions, ...testProviderPayments, ...testProviderMethods, ...organisations, ...organisationMembers, ...organisationServices, ...organisationPeople, ...organisationDrafts, ...billingPlans, ...organisationTypePrices, ...organisationInvitations, ...organisationOwnershipOffers, ...subscriptions, ...subscriptionInvoices };

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseConnection {
  pool: pg.Pool;
  db: Database;
}

export interface ConnectionOptions {
  /** Pool size per server instance (config DATABASE_POOL_SIZE); PostgreSQL's default max_connections is 100. */
  max?: number;
  /** Told when an idle pooled connection breaks (for example, the database restarted). */
  onIdleClientError?: (error: Error) => void;
  /** How the connections show in pg_stat_activity (default compass-server). */
  applicationName?: string;
}

export function connectDatabase(url: string, options: ConnectionOptions = {}): DatabaseConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Fail fast when the database is unreachable instead of queueing requests forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'compass-server',
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool
  // replaces it on the next checkout and /health reports the outage meanwhile.
  pool.on('error', (error) => options.onIdleClientError?.(error));
  // A checked-out client has no listener of the pool's between two statements (a transaction while
  // Node works, a job between its queries): its connection breaking then would be an uncaught
  // 'error' that ends the process. The statement running or the next one fails with the cause, and
  // the pool drops the client on release, so this listener has nothing more to do.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return { pool, db: createDrizzle(pool) };
}

/** Drizzle over a pool or one checked-out client (migrations hold a client for their lock). */
export function createDrizzle(client: pg.Pool | pg.PoolClient): Database {
  // Same naming rule as drizzle.config.ts, so columns may omit their explicit names.
  return drizzle({ client, schema, casing: 'snake_case' });
}
