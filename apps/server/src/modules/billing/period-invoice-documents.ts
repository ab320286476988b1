import type { PeriodInvoice } from '@app/contract/organisation-billing';
import type { BillingPlan } from '@app/contract/organisations';
import type { Order } from '@app/contract/orders';
import { and, desc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { subscriptionInvoices } from '../../db/schema/subscription-invoices.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { renderInvoice, type InvoiceOptions } from '../orders/public.ts';
import { toPeriodInvoice, type PeriodInvoiceRow } from './period-invoices.ts';

// Issue 12: each period's invoice, listed for the organisation's owners and admins and downloaded
// as the shop's invoice PDF, with the plan and the period on its line.

const planNames: Record<BillingPlan, string> = { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual', contract: 'Contract' };
const dateInWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The organisation's period invoices, newest first (paid ones, and one still being charged). */
export async function listPeriodInvoices(db: DatabaseHandle, organisationId: string): Promise<PeriodInvoice[]> {
  const rows = await db
    .select({ invoice: subscriptionInvoices })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .where(eq(subscriptions.organisationId, organisationId))
    .orderBy(desc(subscriptionInvoices.periodStart));
  return rows.map((row) => toPeriodInvoice(row.invoice));
}

/** A paid period invoice of the organisation as the order an invoice PDF prints. */
export function invoiceAsOrder(invoice: PeriodInvoiceRow, organisationName: string): Order {
  const paidAt = (invoice.paidAt ?? invoice.createdAt).toISOString();
  const plan = invoice.plan as BillingPlan;
  // The period ends where the next begins: the last day it covers is the day before.
  const lastDay = new Date(invoice.periodEnd.getTime() - 24 * 60 * 60 * 1000);
  return {
    id: invoice.id,
    number: invoice.number,
    status: 'paid',
    created_at: invoice.createdAt.toISOString(),
    paid_at: paidAt,
    lines: [
      {
        product_id: invoice.subscriptionId,
        sku: `PLAN-${plan.toUpperCase()}`,
        title: `${organisationName}: ${planNames[plan]} plan, ${dateInWords.format(invoice.periodStart)} to ${dateInWords.format(lastDay)}`,
        quantity: 1,
        unit_price: invoice.subtotal,
        line_subtotal: invoice.subtotal,
        line_discount: invoice.discountAmount,
        report_type: null,
        report_types: [],
        list_price: invoice.subtotal,
        owned_report_types: [],
      },
    ],
    summary: { subtotal: invoice.subtotal, discount_amount: invoice.discountAmount, vat_amount: invoice.vatAmount, vat_percentage: invoice.vatBasisPoints / 100, total: invoice.total, item_count: 1 },
    // The discount's label on the invoice: the plan that earns it.
    coupon_code: invoice.discountAmount > 0 ? `${planNames[plan].toLowerCase()} plan` : null,
    reverse_charge: false,
    billing: invoice.billing,
    reports: [],
    invoice_available: true,
  };
}

/** The PDF of one paid period invoice of the organisation; anything else is a 404. */
export async function periodInvoicePdf(db: DatabaseHandle, organisationId: string, invoiceId: string, options: InvoiceOptions): Promise<{ number: string; pdf: Buffer }> {
  if (!isUuid(invoiceId)) throw new NotFoundError();
  const [found] = await db
    .select({ invoice: subscriptionInvoices, organisationName: organisations.name })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(and(eq(subscriptionInvoices.id, invoiceId), eq(subscriptions.organisationId, organisationId), eq(subscriptionInvoices.status, 'paid')));
  if (!found) throw new NotFoundError();
  return { number: found.invoice.number, pdf: await renderInvoice(invoiceAsOrder(found.invoice, found.organisationName), options) };
}
