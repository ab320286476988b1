import { z } from 'zod';

/** Money on the wire: integer euro cents (DESIGN.md section 4). */
export const cents = z.number().int();

/** Spec section 3 "Basket summary"; `vat_percentage` is a percentage such as 19 or 7.7. */
export const basketSummary = z.object({
  subtotal: cents,
  vat_amount: cents,
  vat_percentage: z.number(),
  discount_amount: cents,
  discount_subtotal: cents,
  total: cents,
});
export type BasketSummary = z.infer<typeof basketSummary>;

/** Spec section 3 "Basket item", plus the per-unit price, quantity and minimum it shows. */
export const basketItem = z.object({
  product_id: z.string(),
  product_sku: z.string(),
  product_title: z.string(),
  product_description: z.string(),
  product_summary: z.string(),
  /** Net price of one unit, the snapshot taken when the basket was last priced. */
  unit_price: cents,
  quantity: z.number().int().positive(),
  minimum_quantity: z.number().int().positive(),
  /** unit_price x quantity, before discount and VAT. */
  total_price: cents,
  /** The report type this product grants (null for organisation services). */
  report_type: z.string().nullable(),
});
export type BasketItem = z.infer<typeof basketItem>;

/** Spec section 3 "Coupon": the applied code and its discount as the basket shows it. */
export const appliedCoupon = z.object({
  code: z.string(),
  /** 'percentage': value in basis points of the subtotal (1000 = 10 %); 'fixed': cents. */
  type: z.enum(['percentage', 'fixed']),
  value: z.number().int(),
  /** The discount this coupon gives on the current basket, in cents. */
  discount_value: cents,
});
export type AppliedCoupon = z.infer<typeof appliedCoupon>;

/** Spec section 3 "Basket". */
export const basket = z.object({
  items: z.array(basketItem),
  summary: basketSummary,
  coupon: appliedCoupon.nullable(),
  coupon_code: z.string().nullable(),
  /** Messages for the user when re-pricing changed an item (price or minimum), else empty. */
  notices: z.array(z.string()),
});
export type Basket = z.infer<typeof basket>;

/** Every cart call answers `{ data: basket }` (spec section 7), or 204 when the basket is empty. */
export const basketEnvelope = z.object({ data: basket });
export type BasketEnvelope = z.infer<typeof basketEnvelope>;

export const addCartItemRequest = z.object({
  product_id: z.string().min(1).optional(),
  /** Accepted instead of product_id (spec section 5: "neither product id nor a known sku"). */
  sku: z.string().min(1).optional(),
  quantity: z.number().int().positive().default(1),
});
export type AddCartItemRequest = z.input<typeof addCartItemRequest>;

export const cartItemParams = z.object({ productId: z.string().min(1) });

export const applyCouponRequest = z.object({
  coupon_code: z.string({ error: 'Please enter a discount code.' }).trim().min(1, 'Please enter a discount code.'),
});
export type ApplyCouponRequest = z.infer<typeof applyCouponRequest>;

/** `GET /api/products`: the active catalogue. */
export const product = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  description: z.string(),
  summary: z.string(),
  unit_price: cents,
  minimum_quantity: z.number().int().positive(),
  report_type: z.string().nullable(),
});
export type Product = z.infer<typeof product>;
export const productList = z.object({ data: z.array(product) });
