/** SPEC §1 membership: what each plan includes, shown on the home page and /membership. */
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
  'Portfolio tracking insights',
  'Direct analyst access',
  'API access for developers',
] as const;

export const planNames = { free: 'Free', premium: 'Premium', complimentary: 'Complimentary' } as const;
