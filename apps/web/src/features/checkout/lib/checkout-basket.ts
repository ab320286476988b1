import type { Basket } from '@app/contract/basket';
import type { UseQueryResult } from '@tanstack/react-query';

/** What the order summary is priced for: the billing country and a business buyer's VAT number. */
export interface CheckoutPricing {
  country: string | null;
  vatNumber: string | null;
}

/**
 * The basket as the checkout reads it. The basket feature owns the web's one basket (its query
 * and changes, features/basket/api); a feature never imports another, so the app hands the page
 * this (app/checkout-payment-route.tsx).
 */
export interface CheckoutBasket {
  /** The basket as the buyer left it on the basket page (priced for the country chosen there). */
  basket: UseQueryResult<Basket | null>;
  /** The basket priced for `pricedFor` (idle while no billing country is chosen). */
  priced: UseQueryResult<Basket | null>;
  /** What `priced` answers for. */
  pricedFor: CheckoutPricing;
  /** Prices `priced` for the form's billing country and VAT number (issue 5). */
  setPricing(pricing: CheckoutPricing): void;
  /** Prices the basket for this country everywhere from now on (leaving, the basket page shows the checkout's total). */
  chooseCountry(country: string): void;
  /** The server changed the basket (a paid order emptied it, a price changed): every view of it asks again. */
  refresh(): void;
}
