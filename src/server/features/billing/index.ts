/** What other features and jobs may use of billing. */
export { pruneTestCheckoutSessions } from './test-provider.service';
export { billingConfig } from './billing-provider.service';
export { type BillingContext } from './billing.service';
