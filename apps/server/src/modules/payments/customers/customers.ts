import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/connection.ts';
import { paymentCustomers } from '../../../db/schema/payment-customers.ts';
import { users } from '../../../db/schema/users.ts';
import { UnauthenticatedError } from '../../../lib/domain-errors.ts';
import type { PaymentProvider } from '../providers/payment-provider.ts';

/**
 * The provider's customer of a user, created at the first payment or saved card. Two requests
 * creating it at once: the provider call is idempotent per user (Stripe's idempotency key), and
 * the second insert finds the first's row.
 */
export async function customerIdFor(db: Database, provider: PaymentProvider, userId: string): Promise<string> {
  const [existing] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)));
  if (existing) return existing.customerId;
  const [user] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) throw new UnauthenticatedError();
  const customerId = await provider.createCustomer(user);
  await db.insert(paymentCustomers).values({ userId, provider: provider.name, customerId }).onConflictDoNothing();
  const [stored] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)));
  return stored?.customerId ?? customerId;
}
