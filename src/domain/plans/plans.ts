import { appRoutes } from '../routing/routes';

/** A plan's feature as its lists show it; `to` is the page where a member uses it, when there is one. */
export interface PlanFeature {
  label: string;
  to?: string;
}

/** Membership: what each plan includes, shown on the home page and /membership. */
export const freePlanFeatures = [
  'Daily XRP news updates',
  'Basic price tracking',
  'Community discussions',
  'Weekly market summaries',
] as const;

export const premiumPlanFeatures = [
  'Real-time analytics dashboard',
  'Domino Theory tracker',
  'Whale transaction alerts',
  'Priority regulatory updates',
  'Advanced charting',
  { label: 'Portfolio tracking insights', to: appRoutes.portfolio },
  { label: 'Direct analyst access', to: appRoutes.ask },
  'API access for developers',
] as const satisfies readonly (string | PlanFeature)[];

/** A list item as a feature: a plain label is a feature without a page of its own. */
export const planFeature = (item: string | PlanFeature): PlanFeature =>
  typeof item === 'string' ? { label: item } : item;

export const planNames = { free: 'Free', premium: 'Premium', complimentary: 'Complimentary' } as const;
