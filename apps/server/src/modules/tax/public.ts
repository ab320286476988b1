// What the rest of the server may use of tax; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { basisPointsToPercentage, formatEuros, fullBasisPoints, lineAmount, priceBasketAmounts, type AmountLine, type Discount } from './money.ts';
export { checkBuyerVatNumber, expectedTotalFits, isVatNumberVerified, type BuyerVatNumber } from './vat-numbers/buyer-vat-number.ts';
export { createVatNumberChecker } from './vat-numbers/create-vat-number-checker.ts';
export { MemoisedVatNumberChecker } from './vat-numbers/memoised-checker.ts';
export type { VatNumberChecker } from './vat-numbers/vat-number-checker.ts';
export { euStandardVatRates, vatTreatment } from './vat-rates.ts';
