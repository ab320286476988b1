// What the rest of the server may use of billing; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here).

export { billingModule } from './billing-module.ts';
export { closeSubscriptionOf } from './subscription-closing.ts';
export { releaseSubscriptionsPaidBy } from './payer-leaving.ts';
