import { z } from 'zod';
import { cents } from './basket.ts';

// Orders (issue 5). An order freezes the basket as it was priced at checkout: lines, totals and
// the VAT rate never change afterwards, whatever happens to the catalogue.

export const orderStatus = z.enum(['pending_payment', 'requires_action', 'paid', 'failed', 'expired']);
export type OrderStatus = z.infer<typeof orderStatus>;

export const orderLine = z.object({
  product_id: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int().positive(),
  /** Net price of one unit when the order was placed. */
  unit_price: cents,
  /** unit_price x quantity. */
  line_subtotal: cents,
  /** This line's share of the coupon discount. */
  line_discount: cents,
  /** The single report a report product grants; null for bundles and services. */
  report_type: z.string().nullable(),
  /** Every report the line grants (three for the bundle, none for a service). */
  report_types: z.array(z.string()),
  /**
   * Issue 16: the catalogue price of one unit. Above `unit_price` only for a bundle priced down
   * by the reports the buyer owned (contract bundle-pricing.ts); VAT is on the price paid.
   */
  list_price: cents,
  /** The owned reports that `list_price - unit_price` stands for; else empty. */
  owned_report_types: z.array(z.string()),
});
export type OrderLine = z.infer<typeof orderLine>;

/** Spec section 3 "Order summary": subtotal, VAT, discount, total, item count. */
export const orderSummary = z.object({
  subtotal: cents,
  discount_amount: cents,
  vat_amount: cents,
  /** A percentage such as 19 or 7.7 (the rate is kept as basis points on the server). */
  vat_percentage: z.number(),
  total: cents,
  /** Sum of the lines' quantities. */
  item_count: z.number().int().nonnegative(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** The billing details as the order keeps them (from the checkout form). */
export const orderBilling = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  company: z.string().nullable(),
  vat_number: z.string().nullable(),
});
export type OrderBilling = z.infer<typeof orderBilling>;

/** A report the order granted; the reports issue generates it ('pending' until then). */
export const grantedReport = z.object({
  id: z.string(),
  report_type: z.string(),
  status: z.enum(['pending', 'generating', 'ready', 'failed']),
});
export type GrantedReport = z.infer<typeof grantedReport>;

export const order = z.object({
  id: z.string(),
  /** The number the buyer and the invoice show, e.g. "2026-000042". */
  number: z.string(),
  status: orderStatus,
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  lines: z.array(orderLine),
  summary: orderSummary,
  coupon_code: z.string().nullable(),
  /** True when the VAT is reverse-charged (verified business buyer in another EU country). */
  reverse_charge: z.boolean(),
  billing: orderBilling,
  reports: z.array(grantedReport),
  /** A paid order has a PDF invoice at `orderInvoice`. */
  invoice_available: z.boolean(),
});
export type Order = z.infer<typeof order>;

export const orderEnvelope = z.object({ data: order });
export type OrderEnvelope = z.infer<typeof orderEnvelope>;

export const orderParams = z.object({ orderId: z.uuid({ error: 'Not found.' }) });

/** Paging of the list calls: `?page=1&per_page=20`. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** `GET /api/orders`: a page, and only the orders in one state when `status` is given (`paid`: those with an invoice). */
export const orderListQuery = pageQuery.extend({ status: orderStatus.optional() });
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const pageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** `GET /api/orders`: the caller's orders, newest first. */
export const orderList = z.object({ data: z.array(order), meta: pageMeta });
export type OrderList = z.infer<typeof orderList>;
