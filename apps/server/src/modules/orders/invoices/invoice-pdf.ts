import type { Order } from '@app/contract/orders';
import PDFDocument from 'pdfkit';
import type { PaymentsConfig } from '../../../config.ts';
import { pdfFonts, registerPdfFonts } from '../../../lib/pdf/pdf-fonts.ts';
import { invoiceConsentStatement, type DigitalContentConsent } from '../checkout/digital-content-consent.ts';
import { formatEuros, formatInvoiceDate, invoiceTotals, ownedReductionNote } from './invoice-figures.ts';

export interface InvoiceOptions {
  seller: PaymentsConfig['seller'];
  /** The seller's VAT number frozen on the order; orders from before it was frozen show `seller`'s. */
  sellerVatNumber?: string | null | undefined;
  /** The VAT register's consultation number of the buyer's verified VAT number (reverse charge). */
  vatNumberConsultation?: string | null | undefined;
  /** The buyer's request for immediate delivery (issue 11); null for orders from before it was asked. */
  digitalContentConsent?: DigitalContentConsent | null | undefined;
  /** Tests read the text back from an uncompressed file. */
  compress?: boolean;
}

/**
 * The invoice of a paid order as a PDF (pdfkit, DESIGN section 3): seller and buyer, the invoice
 * number (the order number) and date, the lines, discount, net amount, the VAT line with its rate
 * and country, and the total. With the reverse charge, the VAT line says so and both VAT numbers
 * are shown, as EU law (Art. 226 of Directive 2006/112/EC) asks. The buyer's request for immediate
 * delivery, which ends the right of withdrawal for digital content, is stated with its date.
 */
export function renderInvoice(order: Order, options: InvoiceOptions): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: options.compress ?? true, lang: 'en', displayTitle: true, info: { Title: `Invoice ${order.number}`, Author: options.seller.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Manrope (the product's text face), embedded: names and addresses in any EU language print as typed (Helvetica has Latin-1 only);
  // Arabic, Hebrew and emoji from its fallback fonts, right to left where they read so (lib/pdf).
  registerPdfFonts(doc);
  const seller = { ...options.seller, vatNumber: options.sellerVatNumber ?? options.seller.vatNumber };
  const left = 50;
  const width = doc.page.width - 100;

  doc.font(pdfFonts.bold).fontSize(20).text('Invoice', left, 50);
  doc.font(pdfFonts.regular).fontSize(10);
  doc.text(seller.name, left, 50, { width, align: 'right' });
  for (const line of seller.addressLines) doc.text(line, { width, align: 'right' });
  doc.text(`VAT number: ${seller.vatNumber}`, { width, align: 'right' });

  doc.moveDown(2);
  const top = doc.y;
  // The buyer's lines wrap in the left part, clear of the invoice number and dates on the right
  // (issue 14: a long company name or address ran over them).
  const billedToWidth = width * 0.55;
  const billedTo = (line: string) => doc.text(line, left, undefined, { width: billedToWidth });
  doc.font(pdfFonts.bold).text('Billed to', left, top, { width: billedToWidth });
  doc.font(pdfFonts.regular);
  const { billing } = order;
  if (billing.company) billedTo(billing.company);
  billedTo(`${billing.first_name} ${billing.last_name}`);
  billedTo(billing.address);
  billedTo([billing.postal_code, billing.city].join(' '));
  if (billing.state) billedTo(billing.state);
  billedTo(billing.country);
  if (billing.vat_number) billedTo(`VAT number: ${billing.vat_number}`);
  const billedToBottom = doc.y;

  const paidOn = order.paid_at ?? order.created_at;
  doc.text(`Invoice number: ${order.number}`, left, top, { width, align: 'right' });
  doc.text(`Invoice date: ${formatInvoiceDate(paidOn)}`, { width, align: 'right' });
  doc.text(`Paid by card on ${formatInvoiceDate(paidOn)}`, { width, align: 'right' });

  // The lines start four lines below the dates, and at least two below a longer buyer's block.
  doc.y = Math.max(doc.y, billedToBottom - 2 * doc.currentLineHeight(true));
  doc.moveDown(4);
  const columns = { title: left, quantity: left + 270, unit: left + 320, amount: left + 410 };
  const row = (cells: { title: string; quantity: string; unit: string; amount: string }, bold = false) => {
    const y = doc.y;
    doc.font(bold ? pdfFonts.bold : pdfFonts.regular);
    doc.text(cells.title, columns.title, y, { width: 260 });
    const after = doc.y;
    doc.text(cells.quantity, columns.quantity, y, { width: 45, align: 'right' });
    doc.text(cells.unit, columns.unit, y, { width: 85, align: 'right' });
    doc.text(cells.amount, columns.amount, y, { width: width - (columns.amount - left), align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  row({ title: 'Item', quantity: 'Qty', unit: 'Unit price', amount: 'Amount' }, true);
  for (const line of order.lines) {
    // Issue 16: a bundle priced down by owned reports says from what, under its title.
    const note = ownedReductionNote(line);
    row({ title: note ? `${line.title}\n${note}` : line.title, quantity: String(line.quantity), unit: formatEuros(line.unit_price), amount: formatEuros(line.line_subtotal) });
  }

  doc.moveDown();
  const total = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? pdfFonts.bold : pdfFonts.regular);
    doc.text(label, columns.title, y, { width: 300 });
    doc.text(amount, columns.amount, y, { width: width - (columns.amount - left), align: 'right' });
    doc.moveDown(0.3);
  };
  for (const line of invoiceTotals(order)) total(line.label, line.amount, line.emphasis);

  if (order.reverse_charge) {
    doc.moveDown();
    doc.font(pdfFonts.bold).text('Reverse charge', left);
    doc.font(pdfFonts.regular).text(
      `VAT is to be accounted for by the recipient (Art. 196 of Directive 2006/112/EC). Supplier VAT number: ${seller.vatNumber}. Customer VAT number: ${billing.vat_number ?? ''}.`,
      left,
      undefined,
      { width },
    );
    if (options.vatNumberConsultation) doc.text(`VIES consultation number: ${options.vatNumberConsultation}`, left, undefined, { width });
  }

  if (options.digitalContentConsent) {
    doc.moveDown();
    doc.font(pdfFonts.bold).text('Immediate delivery of digital content', left);
    doc.font(pdfFonts.regular).text(invoiceConsentStatement(options.digitalContentConsent), left, undefined, { width });
  }

  doc.moveDown(2);
  doc.fontSize(8).fillColor('#555555').text(`${seller.name} · ${seller.addressLines.join(' · ')} · VAT number ${seller.vatNumber}`, left, undefined, { width, align: 'center' });
  doc.end();
  return done;
}
