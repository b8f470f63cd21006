/** SPEC §4: the plans and roles. Plain values (no validation library), so every page can use them. */
export const SUBSCRIPTION_PLANS = ['free', 'premium', 'complimentary'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** SPEC §4: premium or complimentary counts as premium. */
export function isPremiumPlan(plan: SubscriptionPlan | null | undefined): boolean {
  return plan === 'premium' || plan === 'complimentary';
}

/** SPEC §4: isAdmin only when the role is admin. */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'admin';
}
