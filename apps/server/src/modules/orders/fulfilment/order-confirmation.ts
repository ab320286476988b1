import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../../db/database-handle.ts';
import { orderLines } from '../../../db/schema/order-lines.ts';
import { orderConfirmationMessage, type Mailer } from '../../mail/public.ts';
import { consentOf, emailConsentStatement } from '../checkout/digital-content-consent.ts';
import { formatEuros, formatInvoiceDate, invoiceTotals, ownedReductionNote } from '../invoices/invoice-figures.ts';
import { toOrder, type OrderRow } from '../order-view.ts';

/** The reports page the e-mail links to (the SPA's `reports` route). */
const reportsPath = '/reports';

/**
 * Queues the order confirmation e-mail (issue 11) in the transaction that makes the order paid.
 * `fulfil`'s conditional update lets exactly one caller through and the e-mail's job commits with
 * it: a repeated webhook, payment confirmation or sweep sends no second e-mail, and a payment
 * transition that rolls back sends none. It goes to the billing e-mail typed at checkout; an
 * anonymised order (no e-mail any more) gets none.
 *
 * The money is taken either way: an e-mail that cannot be queued (a broken template, no job
 * schema) is undone alone, by its savepoint, and logged; it never undoes the payment's transition.
 */
export async function queueOrderConfirmation(tx: DatabaseHandle, deps: { mail: Mailer; log: FastifyBaseLogger }, order: OrderRow): Promise<void> {
  if (!order.billing.email) return;
  try {
    await tx.transaction((savepoint) => queueIn(savepoint, deps.mail, order));
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'the order confirmation e-mail could not be queued; the order is paid without it');
  }
}

async function queueIn(tx: DatabaseHandle, mail: Mailer, order: OrderRow): Promise<void> {
  const to = order.billing.email;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  const view = toOrder(order, lines, []);
  const consent = consentOf(order);
  const message = orderConfirmationMessage(to, {
    name: `${view.billing.first_name} ${view.billing.last_name}`.trim(),
    orderNumber: view.number,
    date: formatInvoiceDate(view.paid_at ?? view.created_at),
    lines: view.lines.map((line) => {
      // Issue 16: as on the invoice, a bundle priced down by owned reports says from what.
      const note = ownedReductionNote(line);
      return { title: note ? `${line.title} (${note})` : line.title, quantity: line.quantity, unitPrice: formatEuros(line.unit_price), amount: formatEuros(line.line_subtotal) };
    }),
    totals: invoiceTotals(view),
    consentStatement: consent ? emailConsentStatement(consent) : null,
    reportsUrl: mail.link(reportsPath),
  });
  await mail.send(message, { transaction: tx });
}
