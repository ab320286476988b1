import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByLargestRemainder, applyBasisPoints, basisPointsToPercentage, divideRoundHalfUp, priceBasketAmounts, type Discount } from './money.ts';

// Reference formula, written independently of money.ts: exact rational arithmetic on BigInt, and
// half-up rounding as floor(x + 1/2) = floor((2n + d) / 2d).
function referenceHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

function reference(lines: Array<{ unitPrice: number; quantity: number }>, discount: Discount | null, vatBasisPoints: number) {
  const subtotal = lines.reduce((sum, line) => sum + BigInt(line.unitPrice) * BigInt(line.quantity), 0n);
  let discountAmount = 0n;
  if (discount?.type === 'percentage') discountAmount = referenceHalfUp(subtotal * BigInt(discount.basisPoints), 10_000n);
  if (discount?.type === 'fixed') discountAmount = BigInt(discount.cents) < subtotal ? BigInt(discount.cents) : subtotal;
  const discountSubtotal = subtotal - discountAmount;
  const vatAmount = referenceHalfUp(discountSubtotal * BigInt(vatBasisPoints), 10_000n);
  return {
    subtotal: Number(subtotal),
    discountAmount: Number(discountAmount),
    discountSubtotal: Number(discountSubtotal),
    vatAmount: Number(vatAmount),
    total: Number(discountSubtotal + vatAmount),
  };
}

const line = fc.record({ unitPrice: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 10_000 }) });
const lines = fc.array(line, { minLength: 1, maxLength: 8 });
const vatRate = fc.oneof(fc.constantFrom(0, 1700, 1900, 2000, 2100, 2550, 2700), fc.integer({ min: 0, max: 10_000 }));
const discount: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 10_000 }).map((basisPoints): Discount => ({ type: 'percentage', basisPoints })),
  fc.integer({ min: 1, max: 2_000_000_000 }).map((cents): Discount => ({ type: 'fixed', cents })),
);

describe('basket arithmetic against the reference formula (fast-check)', () => {
  it('agrees on subtotal, discount, discounted subtotal, VAT and total for every combination', () => {
    fc.assert(
      fc.property(lines, discount, vatRate, (basketLines, coupon, vat) => {
        const { lines: _lines, ...amounts } = priceBasketAmounts(basketLines, coupon, vat);
        expect(amounts).toEqual(reference(basketLines, coupon, vat));
      }),
      { numRuns: 2_000 },
    );
  });

  it('splits the discount across lines so the line discounts add up exactly, none above its line', () => {
    fc.assert(
      fc.property(lines, discount, vatRate, (basketLines, coupon, vat) => {
        const priced = priceBasketAmounts(basketLines, coupon, vat);
        const lineDiscounts = priced.lines.map((priced) => priced.lineDiscount);
        expect(lineDiscounts.reduce((sum, value) => sum + value, 0)).toBe(priced.discountAmount);
        priced.lines.forEach((pricedLine) => {
          expect(pricedLine.lineDiscount).toBeGreaterThanOrEqual(0);
          expect(pricedLine.lineDiscount).toBeLessThanOrEqual(pricedLine.lineSubtotal);
        });
      }),
      { numRuns: 1_000 },
    );
  });

  it('gives each line its proportional share of the discount, off by less than one cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 10 }), (total, weights) => {
        const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
        fc.pre(weightSum > 0);
        const shares = allocateByLargestRemainder(total, weights);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
        shares.forEach((share, index) => {
          const exact = (total * (weights[index] ?? 0)) / weightSum;
          expect(Math.abs(share - exact)).toBeLessThan(1);
        });
      }),
    );
  });

  it('never charges a negative total and never discounts more than the subtotal', () => {
    fc.assert(
      fc.property(lines, discount, vatRate, (basketLines, coupon, vat) => {
        const priced = priceBasketAmounts(basketLines, coupon, vat);
        expect(priced.discountAmount).toBeLessThanOrEqual(priced.subtotal);
        expect(priced.total).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('basket arithmetic, worked examples', () => {
  it('prices a basket without a coupon: 29.00 + 2 x 19.00 at 19 % VAT', () => {
    expect(priceBasketAmounts([{ unitPrice: 2900, quantity: 1 }, { unitPrice: 1900, quantity: 2 }], null, 1900)).toEqual({
      lines: [
        { lineSubtotal: 2900, lineDiscount: 0 },
        { lineSubtotal: 3800, lineDiscount: 0 },
      ],
      subtotal: 6700,
      discountAmount: 0,
      discountSubtotal: 6700,
      vatAmount: 1273,
      total: 7973,
    });
  });

  it('takes a percentage coupon off the subtotal before VAT', () => {
    // 10 % of 67.00 = 6.70; 60.30 x 19 % = 11.457 -> 11.46.
    expect(priceBasketAmounts([{ unitPrice: 2900, quantity: 1 }, { unitPrice: 1900, quantity: 2 }], { type: 'percentage', basisPoints: 1000 }, 1900)).toMatchObject({
      discountAmount: 670,
      discountSubtotal: 6030,
      vatAmount: 1146,
      total: 7176,
    });
  });

  it('caps a fixed coupon larger than the subtotal at the subtotal: nothing to pay, no VAT', () => {
    expect(priceBasketAmounts([{ unitPrice: 1900, quantity: 1 }], { type: 'fixed', cents: 5000 }, 1900)).toEqual({
      lines: [{ lineSubtotal: 1900, lineDiscount: 1900 }],
      subtotal: 1900,
      discountAmount: 1900,
      discountSubtotal: 0,
      vatAmount: 0,
      total: 0,
    });
  });

  it('rounds VAT once on the discounted subtotal, not per line', () => {
    // Per line, 0.50 x 19 % = 0.095 would round to 0.10 twice (0.20); once on 1.00 it is 0.19.
    expect(priceBasketAmounts([{ unitPrice: 50, quantity: 1 }, { unitPrice: 50, quantity: 1 }], null, 1900).vatAmount).toBe(19);
  });

  it('rounds half a cent of VAT up, and just under half a cent down', () => {
    expect(applyBasisPoints(50, 1900)).toBe(10); // 9.5 -> 10
    expect(applyBasisPoints(1, 5000)).toBe(1); // 0.5 -> 1
    expect(applyBasisPoints(2, 2450)).toBe(0); // 0.49 -> 0
    expect(applyBasisPoints(10_050, 2550)).toBe(2563); // 2562.75 -> 2563
  });

  it('splits a discount by largest remainder, ties to the earlier line', () => {
    // 100 cents over three equal lines: 33.33 each, the leftover cent goes to the first.
    expect(allocateByLargestRemainder(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    // 10 over 1:2 is 3.33 and 6.67: the larger remainder (0.67) gets the cent.
    expect(allocateByLargestRemainder(10, [100, 200])).toEqual([3, 7]);
  });

  it('shows basis points as the summary percentage', () => {
    expect(basisPointsToPercentage(1900)).toBe(19);
    expect(basisPointsToPercentage(2550)).toBe(25.5);
    expect(basisPointsToPercentage(0)).toBe(0);
  });

  it('refuses fractional or negative money', () => {
    expect(() => priceBasketAmounts([{ unitPrice: 19.5, quantity: 1 }], null, 1900)).toThrow(RangeError);
    expect(() => priceBasketAmounts([{ unitPrice: -100, quantity: 1 }], null, 1900)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});
