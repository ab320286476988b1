import type { AddPaymentMethodRequest, PaymentMethod } from '@app/contract/payment-methods';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/connection.ts';
import type { DatabaseHandle } from '../../../db/database-handle.ts';
import { paymentMethods } from '../../../db/schema/payment-methods.ts';
import type { Clock } from '../../../lib/clock.ts';
import { NotFoundError } from '../../../lib/domain-errors.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { checkCard } from '../providers/card-checks.ts';
import { customerIdFor } from '../customers/customers.ts';
import type { PaymentProvider, SavedMethodDetails } from '../providers/payment-provider.ts';

// Saved payment methods (spec section 3 "Payment method"). Every call is scoped to the caller:
// another user's method answers 404, as one that does not exist.

type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export const paymentMethodNotFound = 'This payment method was not found.';

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type === 'link' ? 'link' : 'card',
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    is_default: row.isDefault,
  };
}

/** The caller's methods with the current provider: the default first, then the newest. */
export async function listPaymentMethods(db: Database, provider: PaymentProvider, userId: string): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider.name)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(toPaymentMethod);
}

/** Prepares the card form (spec 8 'Failed to initialize card form' when the provider fails). */
export async function preparePaymentSetup(db: Database, provider: PaymentProvider, userId: string): Promise<{ provider: 'test' | 'stripe'; client_secret: string | null }> {
  const customerId = await customerIdFor(db, provider, userId);
  const { clientSecret } = await provider.createSetup(customerId);
  return { provider: provider.name, client_secret: clientSecret };
}

/** Saves a method (spec 8 'Failed to attach payment method' when the provider refuses it). */
export async function addPaymentMethod(db: Database, clock: Clock, provider: PaymentProvider, userId: string, input: AddPaymentMethodRequest): Promise<PaymentMethod> {
  if (input.method === 'card') checkCard(input.card, clock.now(), 'card');
  const customerId = await customerIdFor(db, provider, userId);
  const details = await provider.attachMethod(customerId, input.method === 'card' ? { kind: 'card', card: input.card } : { kind: 'setup', setupIntentId: input.setup_intent_id });
  const row = await db.transaction((tx) => storePaymentMethod(tx, provider.name, userId, details, { makeDefault: input.set_default ?? false, at: clock.now() }));
  return toPaymentMethod(row);
}

/**
 * Keeps a method the provider saved (from the card form or a "save card" payment). The first
 * method of a user becomes the default. Saving the same provider method twice keeps one row.
 */
export async function storePaymentMethod(
  tx: DatabaseHandle,
  providerName: string,
  userId: string,
  details: SavedMethodDetails,
  options: { makeDefault: boolean; at: Date },
): Promise<PaymentMethodRow> {
  // Serialises this user's default changes: the partial unique index allows one default only.
  await lockUserMethods(tx, userId);
  const [current] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, providerName), eq(paymentMethods.isDefault, true)));
  const makeDefault = options.makeDefault || (current?.count ?? 0) === 0;
  if (makeDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
  const [inserted] = await tx
    .insert(paymentMethods)
    .values({
      userId,
      provider: providerName,
      providerMethodId: details.providerMethodId,
      type: details.type,
      brand: details.brand,
      last4: details.last4,
      expMonth: details.expMonth,
      expYear: details.expYear,
      isDefault: makeDefault,
      createdAt: options.at,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.provider, providerName), eq(paymentMethods.providerMethodId, details.providerMethodId), eq(paymentMethods.userId, userId)));
  if (!existing) throw new NotFoundError(paymentMethodNotFound);
  return existing;
}

export async function setDefaultPaymentMethod(db: Database, userId: string, paymentMethodId: string): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await lockUserMethods(tx, userId);
    const [target] = await tx.select().from(paymentMethods).where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.userId, userId)));
    if (!target) throw new NotFoundError(paymentMethodNotFound);
    await tx.update(paymentMethods).set({ isDefault: false }).where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
    const [updated] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, target.id)).returning();
    return toPaymentMethod(updated ?? target);
  });
}

/**
 * Removes a method: detached at the provider first (so it can no longer be charged), then deleted.
 * If it was the default, the newest remaining method becomes the default.
 */
export async function removePaymentMethod(db: Database, provider: PaymentProvider, userId: string, paymentMethodId: string): Promise<void> {
  const [target] = await db.select().from(paymentMethods).where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.userId, userId)));
  if (!target) throw new NotFoundError(paymentMethodNotFound);
  if (target.provider === provider.name) await provider.detachMethod(target.providerMethodId);
  await db.transaction(async (tx) => {
    await lockUserMethods(tx, userId);
    const [deleted] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, target.id), eq(paymentMethods.userId, userId)))
      .returning();
    if (!deleted?.isDefault) return;
    const [next] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, deleted.provider)))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1);
    if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
  });
}

/** The caller's saved method for a payment, or null when it is not theirs or not this provider's. */
export async function findUsablePaymentMethod(db: Database, providerName: string, userId: string, paymentMethodId: string): Promise<PaymentMethodRow | null> {
  // An id from a request: PostgreSQL refuses a malformed uuid with an error (a 500 in issue 14's fuzz run).
  if (!isUuid(paymentMethodId)) return null;
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.userId, userId), eq(paymentMethods.provider, providerName)));
  return row ?? null;
}

async function lockUserMethods(tx: DatabaseHandle, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-methods:${userId}`}, 0))`);
}
