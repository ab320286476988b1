import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import type { ChargeRequest, PaymentOutcome, PaymentProvider } from '../payments/public.ts';
import type { PeriodInvoiceRow } from './period-invoices.ts';

// A period's charge, whoever starts it (activation, renewal, "pay now"): first a claim on the
// invoice, then the provider's charge under a key of the invoice and the attempt. Never two
// charges for one period at once, and a retried attempt is the same payment at the provider.

/** A charge not back from the provider within this long is taken to have crashed; a new attempt may start. */
const stalledChargeMs = 60_000;

/** Claims the next attempt on an open invoice; undefined while another attempt is on its way (or it is paid). */
export async function claimCharge(db: DatabaseHandle, invoiceId: string, now: Date): Promise<PeriodInvoiceRow | undefined> {
  const [attempt] = await db
    .update(subscriptionInvoices)
    .set({ attempts: sql`${subscriptionInvoices.attempts} + 1`, chargingSince: now, failureMessage: null, updatedAt: now })
    .where(
      and(
        eq(subscriptionInvoices.id, invoiceId),
        eq(subscriptionInvoices.status, 'open'),
        or(isNull(subscriptionInvoices.chargingSince), lt(subscriptionInvoices.chargingSince, new Date(now.getTime() - stalledChargeMs))),
      ),
    )
    .returning();
  return attempt;
}

/** Charges a claimed attempt; when the provider cannot be asked, the claim is released and the error goes on. */
export async function chargeClaimed(
  deps: { db: DatabaseHandle; provider: PaymentProvider; clock: { now: () => Date } },
  invoice: PeriodInvoiceRow,
  request: Omit<ChargeRequest, 'amount' | 'currency' | 'idempotencyKey'>,
): Promise<PaymentOutcome> {
  try {
    const earlier = await earlierAttemptThatPaid(deps.provider, invoice);
    if (earlier) return earlier;
    return await deps.provider.charge({ ...request, amount: invoice.total, currency: 'eur', idempotencyKey: chargeKey(invoice.id, invoice.attempts) });
  } catch (error) {
    await deps.db.update(subscriptionInvoices).set({ chargingSince: null, updatedAt: deps.clock.now() }).where(eq(subscriptionInvoices.id, invoice.id));
    throw error;
  }
}

function chargeKey(invoiceId: string, attempt: number): string {
  return `subscription-invoice-${invoiceId}-${attempt}`;
}

/**
 * An earlier attempt's charge that succeeded although its server never recorded it (it stopped
 * between the charge and its answer, issue 14 "Faults"): this attempt settles the period with it
 * instead of charging the card a second time. Refused attempts (the card declined) are passed over.
 */
async function earlierAttemptThatPaid(provider: PaymentProvider, invoice: PeriodInvoiceRow): Promise<PaymentOutcome | undefined> {
  for (let attempt = invoice.attempts - 1; attempt >= 1; attempt -= 1) {
    const outcome = await provider.findByIdempotencyKey(chargeKey(invoice.id, attempt));
    if (outcome?.status === 'succeeded') return outcome;
  }
  return undefined;
}
