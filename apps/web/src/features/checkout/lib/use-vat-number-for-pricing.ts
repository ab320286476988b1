import { useCallback, useEffect, useState } from 'react';
import { checkoutBilling } from '@app/contract/checkout';
import { vatNumberPrefixFor } from '@app/contract/vat-numbers';

// Issue 5: the order summary shows the reverse charge before payment. The server checks a VAT
// number (possibly with the EU's register, which may take seconds), so the page asks only for a
// number that looks complete: once the buyer pauses typing, or at once when they leave the field.

/** How long the buyer must pause typing before a complete-looking number is priced. */
export const vatNumberPauseMs = 600;

/**
 * The number as the checkout would send it (spaces and dots dropped, upper case), if it has the
 * contract's shape and the billing country's prefix; else null (nothing worth asking about).
 */
export function vatNumberToPrice(value: string, country: string | null): string | null {
  if (country === null) return null;
  const parsed = checkoutBilling.shape.vat_number.safeParse(value);
  if (!parsed.success || parsed.data === undefined) return null;
  return parsed.data.startsWith(vatNumberPrefixFor(country)) ? parsed.data : null;
}

/**
 * The VAT number the summary is priced with, following the field `value` with a pause; `commit`
 * (on leaving the field) takes the current value at once. A field emptied or no longer complete
 * stops pricing with the number at once: the consumer's price never waits.
 */
export function useVatNumberForPricing(value: string, country: string | null): { vatNumber: string | null; commit: () => void } {
  const candidate = vatNumberToPrice(value, country);
  const [committed, setCommitted] = useState<string | null>(candidate);

  useEffect(() => {
    if (candidate === null) {
      setCommitted(null);
      return;
    }
    const timer = setTimeout(() => setCommitted(candidate), vatNumberPauseMs);
    return () => clearTimeout(timer);
  }, [candidate]);

  const commit = useCallback(() => setCommitted(candidate), [candidate]);
  return { vatNumber: candidate === null ? null : committed, commit };
}
