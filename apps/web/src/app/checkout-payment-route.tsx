import { useState } from 'react';
import { useBasket, useRefreshBasket } from '@/features/basket/api/basket-query';
import { useChooseVatCountry } from '@/features/basket/api/choose-vat-country';
import type { CheckoutBasket, CheckoutPricing } from '@/features/checkout/lib/checkout-basket';
import { CheckoutPaymentPage } from '@/features/checkout/pages/checkout-payment-page';

/**
 * checkout.payment: the checkout page with the basket feature's one basket (a feature never
 * imports another, so the app hands it over): the basket as the buyer left it, and the same
 * basket priced for the billing country and VAT number the form holds.
 */
export function CheckoutPaymentRoute() {
  const [pricedFor, setPricing] = useState<CheckoutPricing>({ country: null, vatNumber: null });
  const basket = useBasket();
  const priced = useBasket(pricedFor, { enabled: pricedFor.country !== null });
  const chooseCountry = useChooseVatCountry();
  const refresh = useRefreshBasket();
  const source: CheckoutBasket = { basket, priced, pricedFor, setPricing, chooseCountry: (country) => void chooseCountry(country), refresh };
  return <CheckoutPaymentPage basket={source} />;
}
