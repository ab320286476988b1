import type { Basket } from '@app/contract/basket';
import type { PricedBasket } from './basket-pricing.ts';
import { basisPointsToPercentage } from '../../tax/public.ts';

/** The basket as spec section 3 shows it, or null when it holds no items (spec section 4). */
export function toBasket(priced: PricedBasket): Basket | null {
  if (priced.lines.length === 0) return null;
  return {
    items: priced.lines.map((line) => ({
      product_id: line.productId,
      product_sku: line.sku,
      product_title: line.title,
      product_description: line.description,
      product_summary: line.summary,
      unit_price: line.unitPrice,
      quantity: line.quantity,
      minimum_quantity: line.minimumQuantity,
      total_price: line.lineSubtotal,
      report_type: line.reportType,
      report_types: line.reportTypes,
      list_price: line.listPrice,
      owned_reduction: line.ownedReduction,
      owned_report_types: line.ownedReportTypes,
    })),
    summary: {
      subtotal: priced.subtotal,
      vat_amount: priced.vatAmount,
      vat_percentage: basisPointsToPercentage(priced.vatBasisPoints),
      discount_amount: priced.discountAmount,
      discount_subtotal: priced.discountSubtotal,
      total: priced.total,
    },
    coupon: priced.coupon
      ? { code: priced.coupon.code, type: priced.coupon.type, value: priced.coupon.value, discount_value: priced.discountAmount }
      : null,
    coupon_code: priced.coupon?.code ?? null,
    notices: priced.notices,
    vat_country: { code: priced.vatCountry, source: priced.vatCountrySource },
  };
}
