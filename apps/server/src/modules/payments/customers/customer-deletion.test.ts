import { accountApiPaths, shopApiPaths } from '@app/contract/api-paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCustomerDeletions } from '../../../db/schema/payment-customer-deletions.ts';
import { paymentCustomers } from '../../../db/schema/payment-customers.ts';
import { testProviderMethods } from '../../../db/schema/test-provider-methods.ts';
import { registerUser, type RegisteredUser } from '../../../../test/auth-helpers.ts';
import { card, testCards } from '../../../../test/checkout-helpers.ts';
import { startFakeStripe, type FakeStripe, stripeTestEnv } from '../../../../test/fake-stripe.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { customerDeletionSweepQueue } from './customer-deletion.ts';
import { TestPaymentProvider } from '../providers/test-provider.ts';

// Issue 5: when an account is deleted, its customer at the payment provider is deleted too: after
// the deletion commits, through the job queue, retried while the provider fails, and never
// failing the deletion itself.

async function customerIdOf(t: TestApp, user: RegisteredUser): Promise<string> {
  const [row] = await t.db.select({ customerId: paymentCustomers.customerId }).from(paymentCustomers).where(eq(paymentCustomers.userId, user.account.id));
  if (!row) throw new Error('the user has no provider customer');
  return row.customerId;
}

async function deleteAccount(t: TestApp, user: RegisteredUser): Promise<number> {
  const response = await t.app.inject({ method: 'DELETE', url: accountApiPaths.deleteAccount, headers: user.headersWithCsrf, payload: { password: user.password } });
  return response.statusCode;
}

async function notedDeletions(t: TestApp, customerId: string): Promise<number> {
  return (await t.db.select().from(paymentCustomerDeletions).where(eq(paymentCustomerDeletions.customerId, customerId))).length;
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('with Stripe', () => {
  let fake: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      env: { ...stripeTestEnv(fake.url, 'whsec_test_compass_local'), PAYMENT_CUSTOMER_DELETION_RETRY_SECONDS: '1' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function userWithStripeCustomer(): Promise<{ user: RegisteredUser; customerId: string }> {
    const user = await registerUser(t);
    // Preparing the card form creates the user's Stripe customer.
    const setup = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentSetup, headers: user.headersWithCsrf });
    expect(setup.statusCode).toBe(200);
    return { user, customerId: await customerIdOf(t, user) };
  }

  it('deletes the Stripe customer after the account deletion commits', async () => {
    const { user, customerId } = await userWithStripeCustomer();

    expect(await deleteAccount(t, user)).toBe(204);
    // Noted in the deletion's own transaction; the provider is not called by the request.
    expect(await notedDeletions(t, customerId)).toBe(1);
    expect(fake.deletedCustomers).not.toContain(customerId);

    await t.app.jobs.send(customerDeletionSweepQueue, {});
    await eventually(() => fake.deletedCustomers.includes(customerId), 10_000);
    expect(await notedDeletions(t, customerId)).toBe(0);
  });

  it('retries while Stripe fails, and the account deletion neither waits for it nor fails', async () => {
    const { user, customerId } = await userWithStripeCustomer();
    // One job attempt makes three calls (the Stripe library retries twice): all of them fail.
    fake.failCustomerDeletions(3);
    const attemptsBefore = fake.customerDeletionAttempts();

    expect(await deleteAccount(t, user)).toBe(204);
    await t.app.jobs.send(customerDeletionSweepQueue, {});

    await eventually(() => fake.deletedCustomers.includes(customerId), 20_000);
    expect(fake.customerDeletionAttempts() - attemptsBefore).toBe(4);
  }, 30_000);

  it('counts a customer Stripe no longer knows as deleted', async () => {
    await expect(t.app.paymentProvider.deleteCustomer('cus_unknown_to_stripe')).resolves.toBeUndefined();
  });
});

describe('with the test provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes the saved cards it keeps for the customer, so they can no longer be charged', async () => {
    const user = await registerUser(t);
    const saved = await t.app.inject({ method: 'POST', url: shopApiPaths.paymentMethods, headers: user.headersWithCsrf, payload: { method: 'card', card: card(testCards.succeeds) } });
    expect(saved.statusCode).toBe(201);
    const customerId = await customerIdOf(t, user);
    const [kept] = await t.db.select().from(testProviderMethods).where(eq(testProviderMethods.customerId, customerId));
    expect(kept).toMatchObject({ last4: '4242', brand: 'visa' });

    expect(await deleteAccount(t, user)).toBe(204);
    await t.app.jobs.send(customerDeletionSweepQueue, {});
    await eventually(async () => (await t.db.select().from(testProviderMethods).where(eq(testProviderMethods.customerId, customerId))).length === 0, 10_000);

    const provider = t.app.paymentProvider;
    if (!(provider instanceof TestPaymentProvider)) throw new Error('not the test provider');
    const charge = await provider.charge({
      amount: 2900,
      currency: 'eur',
      description: 'after deletion',
      idempotencyKey: `order-${crypto.randomUUID()}`,
      customerId,
      source: { kind: 'saved', providerMethodId: kept?.id ?? '' },
      saveMethod: false,
      metadata: {},
    });
    expect(charge).toMatchObject({ status: 'failed', failureCode: 'resource_missing' });
  });
});
