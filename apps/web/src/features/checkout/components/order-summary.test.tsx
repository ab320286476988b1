import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummary, type OrderSummaryLine } from './order-summary';
import '../checkout-texts';

// The order summary of the checkout and thank-you pages (spec section 3 "Order summary"), with
// issue 5's reverse charge: a verified business in another EU country pays no VAT, and is told why.

const lines: OrderSummaryLine[] = [{ id: 'prod-big5', title: 'BIG5 personality report', quantity: 1, unitPrice: 2900, total: 2900 }];

/** The value beside a row's label (the summary is a description list). */
function valueOf(summary: HTMLElement, label: string): string | null {
  return within(summary).getByText(label).closest('div')?.querySelector('dd')?.textContent ?? null;
}

describe('order summary', () => {
  it('shows a reverse-charged order with VAT 0 on a line that says so, and the note why', () => {
    render(
      <OrderSummary
        lines={lines}
        summary={{ subtotal: 2900, discount_amount: 0, vat_amount: 0, vat_percentage: 0, total: 2900, item_count: 1 }}
        reverseCharge
      />,
    );
    const summary = screen.getByRole('region', { name: 'Order summary' });

    expect(valueOf(summary, 'VAT (reverse charge)')).toBe('€0.00');
    expect(within(summary).queryByText(/^VAT \(\d/)).toBeNull();
    expect(valueOf(summary, 'Total')).toBe('€29.00');
    expect(
      within(summary).getByText(
        'VAT is reverse-charged: your VAT number is verified, so as a business in another EU country you account for the VAT in your own return.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the VAT rate and amount of a consumer’s order, without the reverse-charge note', () => {
    render(<OrderSummary lines={lines} summary={{ subtotal: 2900, discount_amount: 0, vat_amount: 580, vat_percentage: 20, total: 3480, item_count: 1 }} />);
    const summary = screen.getByRole('region', { name: 'Order summary' });

    expect(valueOf(summary, 'VAT (20%)')).toBe('€5.80');
    expect(valueOf(summary, 'Total')).toBe('€34.80');
    expect(within(summary).queryByText('VAT (reverse charge)')).toBeNull();
    expect(within(summary).queryByText(/reverse-charged/)).toBeNull();
  });
});
