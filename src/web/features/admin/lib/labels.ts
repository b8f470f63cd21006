import type { Role, SubscriptionPlan } from '@/domain/plans/entitlements';

/** A member's plan in words (User Management, the analyst inbox). */
export const planLabels: Record<SubscriptionPlan, string> = {
  free: 'Free',
  premium: 'Premium',
  complimentary: 'Complimentary',
};

export const roleLabels: Record<Role, string> = {
  admin: 'Administrator',
  analyst: 'Analyst',
  user: 'Member',
};
