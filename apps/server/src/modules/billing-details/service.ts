import { checkoutAddressOf, type BillingDetails, type BillingDetailsRequest } from '@app/contract/billing-details';
import type { OrderBilling } from '@app/contract/orders';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { billingDetails } from '../../db/schema/billing-details.ts';

// The account's billing details (issue 16; spec section 3 "Billing details"): one row per account,
// read and replaced by its owner only (the routes take the user from the session, never from the
// request), and saved from a paid order whose buyer asked to remember them.

type Row = typeof billingDetails.$inferSelect;

function toBillingDetails(row: Row): BillingDetails {
  return {
    name: row.name,
    billing_email: row.billingEmail,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    city: row.city,
    postal_code: row.postalCode,
    country: row.country,
    county: row.county,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The caller's saved billing details, or null when none are saved. */
export async function findBillingDetails(db: DatabaseHandle, userId: string): Promise<BillingDetails | null> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  return row ? toBillingDetails(row) : null;
}

/** Saves (creates or replaces) the caller's billing details. */
export async function saveBillingDetails(db: DatabaseHandle, userId: string, details: BillingDetailsRequest, at: Date): Promise<BillingDetails> {
  const values = {
    name: details.name,
    billingEmail: details.billing_email,
    addressLine1: details.address_line_1,
    addressLine2: details.address_line_2,
    city: details.city,
    postalCode: details.postal_code,
    country: details.country,
    county: details.county,
    updatedAt: at,
  };
  const [row] = await db
    .insert(billingDetails)
    .values({ userId, ...values, createdAt: at })
    .onConflictDoUpdate({ target: billingDetails.userId, set: values })
    .returning();
  if (!row) throw new Error('the billing details upsert returned no row');
  return toBillingDetails(row);
}

/** Forgets the caller's billing details (nothing happens when none are saved). */
export async function deleteBillingDetails(db: DatabaseHandle, userId: string): Promise<void> {
  await db.delete(billingDetails).where(eq(billingDetails.userId, userId));
}

/**
 * The billing details a paid checkout leaves (its buyer ticked "Remember"): the personal part of
 * the checkout's billing (not the company or VAT number, which belong to an organisation). The
 * checkout has one address field, prefilled with both saved lines: still that, the two lines stay;
 * changed, it becomes line 1 alone.
 */
export function billingDetailsFromCheckout(billing: OrderBilling, saved: Pick<BillingDetails, 'address_line_1' | 'address_line_2'> | null): BillingDetailsRequest {
  const keepLines = saved !== null && checkoutAddressOf(saved) === billing.address.trim();
  return {
    name: `${billing.first_name} ${billing.last_name}`.trim(),
    billing_email: billing.email,
    address_line_1: keepLines ? saved.address_line_1 : billing.address.trim(),
    address_line_2: keepLines ? saved.address_line_2 : null,
    city: billing.city,
    postal_code: billing.postal_code,
    country: billing.country,
    county: billing.state,
  };
}

/** Called by the paid transition, in its transaction: keeps the order's billing details with its buyer. */
export async function rememberCheckoutBillingDetails(tx: DatabaseHandle, userId: string, billing: OrderBilling, at: Date): Promise<void> {
  // Locks the row (if any) so that two paid orders at once write one after the other.
  const saved = await tx.execute<{ address_line_1: string; address_line_2: string | null }>(
    sql`select address_line_1, address_line_2 from billing_details where user_id = ${userId} for update`,
  );
  await saveBillingDetails(tx, userId, billingDetailsFromCheckout(billing, saved.rows[0] ?? null), at);
}
