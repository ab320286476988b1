import { describe, expect, it } from 'vitest';
import { bundlePrice, isOwnedProduct, type PricedProduct } from './bundle-pricing.ts';

// Issue 16: the bundle is priced down by the single reports its buyer owns, never below zero.

const bundle = { unit_price: 5400, report_types: ['big5', 'environment', 'values'] };
const catalogue: PricedProduct[] = [
  { kind: 'report', unit_price: 2900, report_types: ['big5'] },
  { kind: 'report', unit_price: 1900, report_types: ['environment'] },
  { kind: 'report', unit_price: 1900, report_types: ['values'] },
  { kind: 'bundle', ...bundle },
  { kind: 'service', unit_price: 2400, report_types: [] },
];

describe('bundlePrice', () => {
  it('is the list price when the buyer owns none of its reports', () => {
    expect(bundlePrice(bundle, catalogue, [])).toEqual({ list_price: 5400, owned_reduction: 0, unit_price: 5400, owned_report_types: [] });
  });

  it('takes off the catalogue price of each owned single report, in the bundle’s order', () => {
    expect(bundlePrice(bundle, catalogue, ['values', 'big5', 'complete'])).toEqual({ list_price: 5400, owned_reduction: 4800, unit_price: 600, owned_report_types: ['big5', 'values'] });
  });

  it('never goes below zero', () => {
    const dear = catalogue.map((product) => (product.report_types[0] === 'environment' && product.kind === 'report' ? { ...product, unit_price: 4000 } : product));
    expect(bundlePrice(bundle, dear, ['environment', 'values'])).toMatchObject({ owned_reduction: 5400, unit_price: 0 });
  });

  it('takes the cheapest single of a report sold twice, and nothing for a report no single sells', () => {
    const twice = [...catalogue, { kind: 'report', unit_price: 1500, report_types: ['big5'] }];
    expect(bundlePrice(bundle, twice, ['big5']).owned_reduction).toBe(1500);
    const noValuesSingle = catalogue.filter((product) => !(product.kind === 'report' && product.report_types[0] === 'values'));
    expect(bundlePrice(bundle, noValuesSingle, ['values'])).toMatchObject({ owned_reduction: 0, unit_price: 5400, owned_report_types: ['values'] });
  });
});

describe('isOwnedProduct', () => {
  it('is a report the buyer owns, or a bundle whose every report they own', () => {
    expect(isOwnedProduct({ report_types: ['big5'] }, ['big5'])).toBe(true);
    expect(isOwnedProduct(bundle, ['values', 'big5', 'environment', 'complete'])).toBe(true);
  });

  it('is not a bundle with one report still missing, nor a product that grants no report', () => {
    expect(isOwnedProduct(bundle, ['big5', 'values'])).toBe(false);
    expect(isOwnedProduct({ report_types: [] }, ['big5', 'environment', 'values'])).toBe(false);
  });
});
