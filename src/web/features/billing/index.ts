/** What other features may use of billing: the plan cards and Premium's price. */
export { FreePlanAction, PlanCards } from './components/plan-cards';
export { PremiumPriceFigure, usePremiumPriceText } from './components/plan-price';
