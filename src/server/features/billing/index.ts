/** What other features and jobs may use of billing. */
export { pruneTestCheckoutSessions } from './test-mode/test-subscriptions.service';
export { billingConfig } from './billing-config.service';
export { type BillingContext } from './billing.service';
