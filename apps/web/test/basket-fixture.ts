import type { AppliedCoupon, Basket, BasketItem } from '@app/contract/basket';

// Baskets as the server answers them (spec sections 3 and 7), for the web's basket tests. The
// summary follows DESIGN.md's order: unit x quantity, then the discount, then VAT on the
// discounted subtotal, rounded half-up once. The web never computes these; the fixture does only
// so that what the tests show is a basket a real server could send.

export const big5Report: BasketItem = {
  product_id: 'prod-big5',
  product_sku: 'REPORT-BIG5',
  product_title: 'BIG5 personality report',
  product_description: 'Your five personality domains, each with its facets and what they mean at work.',
  product_summary: 'Openness, conscientiousness, extraversion, agreeableness and emotional stability',
  unit_price: 4900,
  quantity: 1,
  minimum_quantity: 1,
  total_price: 4900,
  report_type: 'big5',
  report_types: ['big5'],
  list_price: 4900,
  owned_reduction: 0,
  owned_report_types: [],
};

export const valuesReport: BasketItem = {
  product_id: 'prod-values',
  product_sku: 'REPORT-VALUES',
  product_title: 'Top 10 values report',
  product_description: 'The ten values that drive your choices, ranked, with how they show in daily work.',
  product_summary: 'Your ten strongest values, ranked',
  unit_price: 2900,
  quantity: 1,
  minimum_quantity: 1,
  total_price: 2900,
  report_type: 'values',
  report_types: ['values'],
  list_price: 2900,
  owned_reduction: 0,
  owned_report_types: [],
};

/** An organisation service: bought per seat, at least 5. */
export const teamService: BasketItem = {
  product_id: 'prod-team',
  product_sku: 'SERVICE-TEAM',
  product_title: 'Team insight seats',
  product_description: 'Assessments and a team profile for each member of your organisation.',
  product_summary: 'Per member, from 5 members',
  unit_price: 1500,
  quantity: 5,
  minimum_quantity: 5,
  total_price: 7500,
  report_type: null,
  report_types: [],
  list_price: 1500,
  owned_reduction: 0,
  owned_report_types: [],
};

/** The bundle of the three reports (issue 16: priced down by the reports its buyer owns). */
export const completeBundle: BasketItem = {
  product_id: 'prod-bundle',
  product_sku: 'BUNDLE-COMPLETE',
  product_title: 'Complete profile bundle',
  product_description: 'The BIG5, Environment and Top 10 values reports in one purchase.',
  product_summary: 'All three reports together',
  unit_price: 9900,
  quantity: 1,
  minimum_quantity: 1,
  total_price: 9900,
  report_type: null,
  report_types: ['big5', 'environment', 'values'],
  list_price: 9900,
  owned_reduction: 0,
  owned_report_types: [],
};

/** The bundle for a buyer who owns `owned` reports worth `reduction` cents (contract bundle-pricing.ts). */
export function ownedPartly(item: BasketItem, reduction: number, owned: BasketItem['owned_report_types']): BasketItem {
  const unitPrice = Math.max(item.list_price - reduction, 0);
  return { ...item, unit_price: unitPrice, total_price: unitPrice * item.quantity, owned_reduction: item.list_price - unitPrice, owned_report_types: owned };
}

export function withQuantity(item: BasketItem, quantity: number): BasketItem {
  return { ...item, quantity, total_price: item.unit_price * quantity };
}

/** A 10 % coupon. */
export const welcomeCoupon = { code: 'WELCOME10', type: 'percentage', value: 1000 } as const;

export type BasketFixtureOptions = {
  coupon?: Omit<AppliedCoupon, 'discount_value'> | null;
  vatBasisPoints?: number;
  notices?: string[];
  /** The country whose VAT applies and why (issue 16); the shop's own (DE) unless told. */
  vatCountry?: Basket['vat_country'];
};

export function basketFixture(items: BasketItem[], options: BasketFixtureOptions = {}): Basket {
  const vatBasisPoints = options.vatBasisPoints ?? 1900;
  const subtotal = items.reduce((sum, item) => sum + item.total_price, 0);
  const coupon = options.coupon ?? null;
  const discount =
    coupon === null ? 0 : coupon.type === 'percentage' ? Math.round((subtotal * coupon.value) / 10_000) : Math.min(coupon.value, subtotal);
  const discountSubtotal = subtotal - discount;
  const vat = Math.round((discountSubtotal * vatBasisPoints) / 10_000);
  return {
    items,
    summary: {
      subtotal,
      vat_amount: vat,
      vat_percentage: vatBasisPoints / 100,
      discount_amount: discount,
      discount_subtotal: discountSubtotal,
      total: discountSubtotal + vat,
    },
    coupon: coupon === null ? null : { ...coupon, discount_value: discount },
    coupon_code: coupon?.code ?? null,
    notices: options.notices ?? [],
    vat_country: options.vatCountry ?? { code: 'DE', source: 'shop' },
  };
}
