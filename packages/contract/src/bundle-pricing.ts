// Issue 16, "a bundle and its single reports": a buyer who owns some of a bundle's reports pays
// the bundle's price less the single reports they own, so that what they pay in all never exceeds
// the bundle's price. The server prices the basket with this rule and the dashboard's offers show
// the same price, so it lives here, once, without zod (the offers load it on the dashboard).
//
// - The reduction for an owned report is the current catalogue price of the single product that
//   sells it (the cheapest, should there be several), not what the buyer once paid: the same for
//   every buyer, and what the offers show next to it. A report no single product sells reduces
//   nothing.
// - The floor is zero: the reduction never exceeds the bundle's own price (a bundle whose owned
//   singles cost more than it is free; the checkout takes a total of zero without a charge).
// - A bundle whose every report is owned is not for sale at all (basketRuleMessages.bundleAlreadyOwned).

/** What the rule needs of a product: its kind, net unit price in cents and the reports it grants. */
export interface PricedProduct {
  kind: string;
  unit_price: number;
  report_types: readonly string[];
}

export interface BundlePrice {
  /** The catalogue price of one bundle, cents. */
  list_price: number;
  /** Taken off the list price for the reports the buyer owns, cents (0 when none is owned). */
  owned_reduction: number;
  /** What one bundle costs this buyer: list_price - owned_reduction, never below 0. */
  unit_price: number;
  /** The bundle's reports the buyer owns, in the bundle's order. */
  owned_report_types: string[];
}

/**
 * The price of `bundle` for a buyer who owns the report types `owned`, given the catalogue's
 * single reports (`products`: any products; only kind 'report' with one report type count).
 */
export function bundlePrice(bundle: Pick<PricedProduct, 'unit_price' | 'report_types'>, products: readonly PricedProduct[], owned: readonly string[]): BundlePrice {
  const ownedTypes = bundle.report_types.filter((type) => owned.includes(type));
  let reduction = 0;
  for (const type of ownedTypes) {
    const prices = products.filter((product) => product.kind === 'report' && product.report_types.length === 1 && product.report_types[0] === type).map((product) => product.unit_price);
    if (prices.length > 0) reduction += Math.min(...prices);
  }
  const ownedReduction = Math.min(Math.max(reduction, 0), bundle.unit_price);
  return { list_price: bundle.unit_price, owned_reduction: ownedReduction, unit_price: bundle.unit_price - ownedReduction, owned_report_types: ownedTypes };
}

/**
 * True when buying a product would bring the buyer no report they do not own yet: a report they
 * own, or a bundle whose every report they own (the server refuses it, basketRuleMessages
 * reportAlreadyOwned / bundleAlreadyOwned). A bundle with one report missing stays for sale; a
 * product that grants no report (a service) is never owned.
 */
export function isOwnedProduct(product: Pick<PricedProduct, 'report_types'>, owned: readonly string[]): boolean {
  return product.report_types.length > 0 && product.report_types.every((type) => owned.includes(type));
}
