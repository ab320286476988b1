import type { OrganisationQuote } from '@app/contract/organisation-pricing';
import type { PeriodInvoice } from '@app/contract/organisation-billing';
import type { BillingPlan } from '@app/contract/organisations';
import type { OrderBilling } from '@app/contract/orders';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import type { organisations } from '../../db/schema/organisations.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { addMonths } from './billing-period.ts';
import { basisPointsToPercentage } from '../tax/public.ts';

export type PeriodInvoiceRow = typeof subscriptionInvoices.$inferSelect;

type OrganisationRow = typeof organisations.$inferSelect;

/** The organisation's billing details as an invoice prints them (the order's shape: the PDF is the shop's). */
export function invoiceBillingOf(organisation: OrganisationRow): OrderBilling {
  return {
    first_name: organisation.billingName,
    last_name: '',
    email: organisation.billingEmail,
    address: [organisation.billingAddressLine1, organisation.billingAddressLine2].filter((line) => line !== null && line.trim() !== '').join(', '),
    city: organisation.billingCity,
    state: organisation.billingCounty,
    postal_code: organisation.billingPostalCode,
    country: organisation.billingCountry,
    company: null,
    vat_number: organisation.vatCode,
  };
}

/** The API's view of a period's invoice. */
export function toPeriodInvoice(row: PeriodInvoiceRow): PeriodInvoice {
  return {
    id: row.id,
    number: row.number,
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    plan: row.plan as BillingPlan,
    net: row.net,
    vat_percentage: basisPointsToPercentage(row.vatBasisPoints),
    vat_amount: row.vatAmount,
    total: row.total,
    status: row.status as PeriodInvoice['status'],
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/**
 * The invoice of the period starting at `periodStart`, created with the quote's amounts and the
 * billing details frozen; an existing one for that period is returned as it is (a retried job or
 * request never makes a second). Null when the quote has no amounts (a contract).
 */
export async function invoiceForPeriod(
  tx: DatabaseHandle,
  input: { subscriptionId: string; periodStart: Date; quote: OrganisationQuote; billing: OrderBilling; at: Date },
): Promise<PeriodInvoiceRow | null> {
  const { quote } = input;
  if (quote.months === null || quote.total === null || quote.net === null || quote.subtotal === null || quote.discount_amount === null || quote.vat_amount === null) return null;
  const year = String(input.at.getUTCFullYear());
  await tx
    .insert(subscriptionInvoices)
    .values({
      subscriptionId: input.subscriptionId,
      number: sql`'S-' || ${year} || '-' || lpad(nextval('subscription_invoice_number_seq')::text, 6, '0')`,
      periodStart: input.periodStart,
      periodEnd: addMonths(input.periodStart, quote.months),
      plan: quote.plan,
      months: quote.months,
      subtotal: quote.subtotal,
      discountAmount: quote.discount_amount,
      net: quote.net,
      vatBasisPoints: Math.round(quote.vat_percentage * 100),
      vatAmount: quote.vat_amount,
      total: quote.total,
      billing: input.billing,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .onConflictDoNothing({ target: [subscriptionInvoices.subscriptionId, subscriptionInvoices.periodStart] });
  const [row] = await tx
    .select()
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.subscriptionId, input.subscriptionId), eq(subscriptionInvoices.periodStart, input.periodStart)));
  if (!row) throw new Error('the period invoice was neither created nor found');
  return row;
}
