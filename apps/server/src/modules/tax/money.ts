// Money (issue 5): integer euro cents everywhere; rates and percentages in basis points
// (1 % = 100 bp). Every division of money happens in this file, so its rounding is decided here:
// half-up on whole cents. The order of operations is priceBasketAmounts' below.

/** 100 % in basis points. */
export const fullBasisPoints = 10_000;

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative whole number of cents (got ${value})`);
}

function assertBasisPoints(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > fullBasisPoints) throw new RangeError(`${name} must be 0-10000 basis points (got ${value})`);
}

/**
 * numerator / denominator rounded half-up (0.5 goes up), for non-negative whole numbers. BigInt, so
 * a product such as cents x basis points is exact however large it gets.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n || numerator < 0n) throw new RangeError('divideRoundHalfUp takes a non-negative numerator and a positive denominator');
  const quotient = numerator / denominator;
  const remainder = numerator - quotient * denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

/** `amount` x `basisPoints` / 10000, rounded half-up to whole cents. */
export function applyBasisPoints(amount: number, basisPoints: number): number {
  assertCents(amount, 'amount');
  assertBasisPoints(basisPoints, 'basisPoints');
  return Number(divideRoundHalfUp(BigInt(amount) * BigInt(basisPoints), BigInt(fullBasisPoints)));
}

/** Basis points as the percentage the basket summary shows: 1900 -> 19, 2550 -> 25.5. */
export function basisPointsToPercentage(basisPoints: number): number {
  assertBasisPoints(basisPoints, 'basisPoints');
  return basisPoints / 100;
}

/** Unit price x quantity, refusing results beyond exact integer range. */
export function lineAmount(unitPrice: number, quantity: number): number {
  assertCents(unitPrice, 'unitPrice');
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`quantity must be a whole number above 0 (got ${quantity})`);
  const amount = unitPrice * quantity;
  if (!Number.isSafeInteger(amount)) throw new RangeError('line amount is too large');
  return amount;
}

/**
 * Splits `total` cents across `weights` in proportion, by largest remainder: each share is the
 * floor of its exact part, and the cents left over go one each to the largest remainders (ties to
 * the earlier weight). The shares always add up to `total` exactly.
 */
export function allocateByLargestRemainder(total: number, weights: readonly number[]): number[] {
  assertCents(total, 'total');
  weights.forEach((weight) => assertCents(weight, 'weight'));
  const weightSum = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (weightSum === 0n) {
    if (total !== 0) throw new RangeError('cannot allocate a non-zero total over zero weights');
    return weights.map(() => 0);
  }
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((part) => part / weightSum);
  const remainders = exact.map((part, index) => ({ index, remainder: part - (shares[index] ?? 0n) * weightSum }));
  let left = BigInt(total) - shares.reduce((sum, share) => sum + share, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

export type Discount = { type: 'percentage'; basisPoints: number } | { type: 'fixed'; cents: number };

export interface AmountLine {
  unitPrice: number;
  quantity: number;
}

export interface BasketAmounts {
  lines: Array<{ lineSubtotal: number; lineDiscount: number }>;
  subtotal: number;
  discountAmount: number;
  discountSubtotal: number;
  vatAmount: number;
  total: number;
}

/**
 * The basket summary's arithmetic, in the order the issue fixes:
 * 1. each line: unit price x quantity; subtotal = their sum;
 * 2. the discount: a percentage of the subtotal (half-up to whole cents), or a fixed amount capped
 *    at the subtotal; split across the lines by largest remainder so line discounts add up exactly;
 * 3. VAT on the discounted subtotal, rounded once, half-up (never per line);
 * 4. total = discounted subtotal + VAT.
 */
export function priceBasketAmounts(lines: readonly AmountLine[], discount: Discount | null, vatBasisPoints: number): BasketAmounts {
  const lineSubtotals = lines.map((line) => lineAmount(line.unitPrice, line.quantity));
  const subtotal = lineSubtotals.reduce((sum, amount) => sum + amount, 0);
  if (!Number.isSafeInteger(subtotal)) throw new RangeError('subtotal is too large');
  const discountAmount = discountOf(subtotal, discount);
  const lineDiscounts = allocateByLargestRemainder(discountAmount, lineSubtotals);
  const discountSubtotal = subtotal - discountAmount;
  const vatAmount = applyBasisPoints(discountSubtotal, vatBasisPoints);
  return {
    lines: lineSubtotals.map((lineSubtotal, index) => ({ lineSubtotal, lineDiscount: lineDiscounts[index] ?? 0 })),
    subtotal,
    discountAmount,
    discountSubtotal,
    vatAmount,
    total: discountSubtotal + vatAmount,
  };
}

/** The discount a coupon gives on `subtotal` cents: never more than the subtotal. */
export function discountOf(subtotal: number, discount: Discount | null): number {
  assertCents(subtotal, 'subtotal');
  if (!discount) return 0;
  if (discount.type === 'percentage') return applyBasisPoints(subtotal, discount.basisPoints);
  assertCents(discount.cents, 'discount');
  return Math.min(discount.cents, subtotal);
}

/** Cents as euros for messages the server writes ('€12.50'); the web formats with the browser's language. */
export function formatEuros(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
