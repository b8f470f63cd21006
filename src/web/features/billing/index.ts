/** What other features may use of billing: the plan cards, Premium's price and the billing mode. */
export { FreePlanAction, PlanCards } from './components/plan-cards';
export { PremiumPriceFigure, usePremiumPriceText } from './components/plan-price';
export { billingConfigQuery } from './api/billing';
