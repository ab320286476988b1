// What the rest of the server may use of payments; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { customerIdFor } from './customers/customers.ts';
export { noteCustomersForDeletion } from './customers/customer-deletion.ts';
export { findUsablePaymentMethod, storePaymentMethod } from './methods/payment-methods-service.ts';
export { paymentsPlugin, type PaymentEventHandler } from './payments-plugin.ts';
export { checkCard } from './providers/card-checks.ts';
export {
  PaymentProviderUnavailableError,
  type ChargeRequest,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentSource,
  type ProviderEvent,
  type ProviderSubscriptionInvoice,
  type ProviderSubscriptions,
  type ProviderSubscriptionState,
  type SavedMethodDetails,
  type SubscriptionEventRef,
  type SubscriptionItem,
} from './providers/payment-provider.ts';
export { subscriptionEventOf } from './providers/stripe-provider.ts';
export { TestPaymentProvider } from './providers/test-provider.ts';
