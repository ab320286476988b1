import type { Basket } from '@app/contract/basket';
import type { CheckoutResponse, PaymentConfig } from '@app/contract/checkout';
import type { Order } from '@app/contract/orders';
import type { PaymentMethod } from '@app/contract/payment-methods';
import type { Transaction } from '@app/contract/transactions';

// Orders, payment answers, saved methods and transactions as the server sends them (issue 5's
// contract), for the checkout and payments pages' tests.

export const testProviderConfig: PaymentConfig = { provider: 'test', publishable_key: null, test_mode: true };

export const orderId = '7d1e9a52-4f0c-4c7b-9a43-2b8f1d6e0a11';

/** The order a checkout of `basket` makes, paid unless told otherwise. */
export function orderFixture(basket: Basket, overrides: Partial<Order> = {}): Order {
  return {
    id: orderId,
    number: '2026-000042',
    status: 'paid',
    created_at: '2026-11-21T14:05:00.000Z',
    paid_at: '2026-11-21T14:05:03.000Z',
    lines: basket.items.map((item) => ({
      product_id: item.product_id,
      sku: item.product_sku,
      title: item.product_title,
      quantity: item.quantity,
      unit_price: item.unit_price,
      line_subtotal: item.total_price,
      line_discount: 0,
      report_type: item.report_type,
      report_types: item.report_types,
      list_price: item.list_price,
      owned_report_types: item.owned_report_types,
    })),
    summary: {
      subtotal: basket.summary.subtotal,
      discount_amount: basket.summary.discount_amount,
      vat_amount: basket.summary.vat_amount,
      vat_percentage: basket.summary.vat_percentage,
      total: basket.summary.total,
      item_count: basket.items.reduce((count, item) => count + item.quantity, 0),
    },
    coupon_code: basket.coupon_code,
    reverse_charge: false,
    billing: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      address: '12 St James’s Square',
      city: 'London',
      state: null,
      postal_code: 'SW1Y 4JH',
      country: 'GB',
      company: null,
      vat_number: null,
    },
    reports: basket.items
      .filter((item) => item.report_type !== null)
      .map((item, index) => ({ id: `report-${index + 1}`, report_type: item.report_type ?? '', status: 'pending' as const })),
    invoice_available: true,
    ...overrides,
  };
}

export function paidAnswer(order: Order): CheckoutResponse {
  return { order, status: 'paid', next_action: null, failure_message: null };
}

export function failedAnswer(order: Order, reason = 'Your card was declined.'): CheckoutResponse {
  return { order: { ...order, status: 'failed', paid_at: null, invoice_available: false, reports: [] }, status: 'failed', next_action: null, failure_message: reason };
}

export function requiresActionAnswer(order: Order, confirmationId = 'confirm-1'): CheckoutResponse {
  return {
    order: { ...order, status: 'requires_action', paid_at: null, invoice_available: false, reports: [] },
    status: 'requires_action',
    next_action: { type: 'confirm', confirmation_id: confirmationId },
    failure_message: null,
  };
}

export function savedCard(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return { id: 'b0c3c7f2-1b7a-4d0e-8d8a-5e0f3a9c1d01', type: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, is_default: true, ...overrides };
}

export function transactionFixture(index: number, overrides: Partial<Transaction> = {}): Transaction {
  const day = String(28 - (index % 28)).padStart(2, '0');
  const number = `2026-${String(index).padStart(6, '0')}`;
  const orderId = `order-${index}`;
  const status = overrides.status ?? 'succeeded';
  return {
    id: `txn-${index}`,
    transaction: `test_pi_${String(index).padStart(6, '0')}`,
    status,
    description: `Order ${number}: BIG5 personality report`,
    date: `2026-10-${day}T09:3${index % 10}:00.000Z`,
    amount: 5831,
    order_id: orderId,
    order: { id: orderId, number, items: [{ title: 'BIG5 personality report', quantity: 1 }], invoice_available: status === 'succeeded' },
    ...overrides,
  };
}
