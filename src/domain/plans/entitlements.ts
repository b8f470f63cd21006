/** The plans and roles. Plain values (no validation library), so every page can use them. */
export const SUBSCRIPTION_PLANS = ['free', 'premium', 'complimentary'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** Analysts answer Premium members' questions; administrators are analysts too. */
export const ROLES = ['admin', 'analyst', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Premium or complimentary counts as premium. */
export function isPremiumPlan(plan: SubscriptionPlan | null | undefined): boolean {
  return plan === 'premium' || plan === 'complimentary';
}

/** A member is an admin only when their role is admin. */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'admin';
}

/** The analyst inbox is for analysts and administrators. */
export function isAnalystRole(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'analyst';
}

/** The role a stored value stands for: anything unknown is a plain user. */
export function roleOf(role: string | null | undefined): Role {
  return role === 'admin' || role === 'analyst' ? role : 'user';
}
