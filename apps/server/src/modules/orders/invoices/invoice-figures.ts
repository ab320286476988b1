import type { Order, OrderLine } from '@app/contract/orders';
import { reportTitles } from '@app/contract/reports';

// How an order's amounts and dates read on its invoice; the confirmation e-mail shows them the same.

const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const clockTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** 2951 -> "€29.51". */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

/** "21 November 2026" (UTC). */
export function formatInvoiceDate(at: Date | string): string {
  return day.format(new Date(at));
}

/** "21 November 2026 at 14:03 UTC". */
export function formatInvoiceInstant(at: Date | string): string {
  return `${day.format(new Date(at))} at ${clockTime.format(new Date(at))} UTC`;
}

/**
 * Issue 16: under a bundle priced down by the reports its buyer owned, what it was reduced from
 * and why ("List price €54.00, less €29.00 for reports already owned: BIG5 personality report");
 * null for every other line.
 */
export function ownedReductionNote(line: Pick<OrderLine, 'list_price' | 'unit_price' | 'owned_report_types'>): string | null {
  const reduction = line.list_price - line.unit_price;
  if (reduction <= 0 || line.owned_report_types.length === 0) return null;
  const names = line.owned_report_types.map((type) => (Object.hasOwn(reportTitles, type) ? reportTitles[type as keyof typeof reportTitles] : type));
  return `List price ${formatEuros(line.list_price)}, less ${formatEuros(reduction)} for reports already owned: ${names.join(', ')}`;
}

export interface InvoiceTotal {
  label: string;
  amount: string;
  /** The total itself, set in bold. */
  emphasis: boolean;
}

/** The lines under the items: net subtotal, discount and net amount, the VAT line, the total. */
export function invoiceTotals(order: Pick<Order, 'summary' | 'coupon_code' | 'reverse_charge' | 'billing'>): InvoiceTotal[] {
  const { summary } = order;
  const totals: InvoiceTotal[] = [{ label: 'Subtotal (net)', amount: formatEuros(summary.subtotal), emphasis: false }];
  if (summary.discount_amount > 0) {
    totals.push({ label: `Discount${order.coupon_code ? ` (${order.coupon_code})` : ''}`, amount: `-${formatEuros(summary.discount_amount)}`, emphasis: false });
    totals.push({ label: 'Net amount', amount: formatEuros(summary.subtotal - summary.discount_amount), emphasis: false });
  }
  if (order.reverse_charge) totals.push({ label: 'VAT 0% (reverse charge)', amount: formatEuros(0), emphasis: false });
  else totals.push({ label: `VAT ${formatPercentage(summary.vat_percentage)} (${order.billing.country})`, amount: formatEuros(summary.vat_amount), emphasis: false });
  totals.push({ label: 'Total', amount: formatEuros(summary.total), emphasis: true });
  return totals;
}

function formatPercentage(percentage: number): string {
  return `${Number.isInteger(percentage) ? percentage : percentage.toFixed(1)}%`;
}
