/**
 * Premium's price as the billing provider holds it, and how pages write it. No zod here: the home
 * page shows the price, and zod is kept off it (bench/RESULTS.md, the web benchmark).
 */
export interface PlanPrice {
  amountCents: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
}

const PERIOD_NAMES: Record<PlanPrice['interval'], [string, string]> = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  year: ['year', 'years'],
};

/** "$9" and "per month" (or "every 3 months"): whole amounts without cents. */
export function formatPlanPrice(price: PlanPrice): { amount: string; period: string } {
  const whole = price.amountCents % 100 === 0;
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(price.amountCents / 100);
  const [one, many] = PERIOD_NAMES[price.interval];
  const period = price.intervalCount === 1 ? `per ${one}` : `every ${price.intervalCount} ${many}`;
  return { amount, period };
}
