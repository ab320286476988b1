import type { Order } from '@app/contract/orders';
import { describe, expect, it } from 'vitest';
import { readPdf, type PdfPage } from '../../../../test/pdf-reader.ts';
import { renderInvoice } from './invoice-pdf.ts';

// Issue 14, "Bad input": what a buyer typed at checkout, or an organisation in its billing details
// (name, company, address lines), and an organisation's name on a period invoice's line, printed
// on the invoice as typed: markup stays text, a long unbroken name wraps inside its column instead
// of running over the invoice number or past the paper, and letters the text face lacks (Arabic,
// Hebrew, emoji) print from the fallback fonts, right to left where they read so, without moving
// anything.

const payload = `<img src=x onerror="window.__xss=1">"'&<script>window.__xss=2</script>`;
const unbroken = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(5);
const seller = { name: 'Compass Assessments GmbH', addressLines: ['Friedrichstraße 68', '10117 Berlin', 'Germany'], vatNumber: 'DE000000000' };
const squeeze = (text: string) => text.replace(/\s+/g, '');
/** No control character (a glyph copied as its number, or as NUL) in what a reader copies. */
const controlCharacter = /[^\P{Cc}\s]/u;

function order(typed: string): Order {
  return {
    id: '4f7d2c1e-0000-4000-8000-000000000001',
    number: '2026-000042',
    status: 'paid',
    created_at: '2026-11-21T10:00:00.000Z',
    paid_at: '2026-11-21T10:00:00.000Z',
    lines: [
      {
        product_id: 'p1',
        sku: 'PLAN-MONTHLY',
        title: `${typed}: Monthly plan, 21 November 2026 to 20 December 2026`,
        quantity: 1,
        unit_price: 14_900,
        line_subtotal: 14_900,
        line_discount: 0,
        report_type: null,
        report_types: [],
        list_price: 14_900,
        owned_report_types: [],
      },
    ],
    summary: { subtotal: 14_900, discount_amount: 0, vat_amount: 2_831, vat_percentage: 19, total: 17_731, item_count: 1 },
    coupon_code: null,
    reverse_charge: false,
    billing: { first_name: `Ada ${typed}`, last_name: 'Lovelace', email: 'ada@example.com', address: `1 ${typed} Street`, city: 'Berlin', state: typed, postal_code: '10117', country: 'DE', company: `Oak ${typed}`, vat_number: null },
    reports: [],
    invoice_available: true,
  };
}

function expectLaidOut(page: PdfPage): void {
  const pieces = page.pieces.filter((piece) => piece.str.trim() && piece.width > 0);
  for (const [index, a] of pieces.entries()) {
    expect(a.x + a.width, `"${a.str}" runs past the paper`).toBeLessThanOrEqual(page.width);
    for (const b of pieces.slice(index + 1)) {
      const across = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5;
      const upDown = a.y < b.y + b.height * 0.75 && b.y < a.y + a.height * 0.75;
      expect(across && upDown, `"${a.str}" and "${b.str}" overlap`).toBe(false);
    }
  }
}

describe('an invoice for billing details as typed', () => {
  it.each([
    ['markup and script', payload, payload],
    ['a long unbroken name', unbroken, unbroken],
    // As drawn, left to right: the right-to-left run's words in reverse, each read back in reading
    // order; a letter printed as '?' or lost fails the comparison.
    ['right-to-left letters and emoji', 'نور 👩‍💻 דוד', 'דוד 👩‍💻 نور'],
  ])('prints %s as text, each piece in its place', async (_kind, typed, shown) => {
    const read = await readPdf(await renderInvoice(order(typed), { seller }));
    expect(read.pageCount).toBe(1);
    const text = squeeze(read.text);
    for (const expected of [`Ada ${shown} Lovelace`, `Oak ${shown}`, `1 ${shown} Street`, `${shown}: Monthly plan`]) expect(text).toContain(squeeze(expected));
    expect(read.text).toContain('Invoice number: 2026-000042');
    expect(read.text).not.toMatch(controlCharacter);
    expectLaidOut(read.pages[0]!);
  });
});
