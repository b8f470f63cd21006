/** SPEC §4: the plans and roles. Plain values (no validation library), so every page can use them. */
export const SUBSCRIPTION_PLANS = ['free', 'premium', 'complimentary'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** Analysts answer Premium members' questions (issue 27); administrators are analysts too. */
export const ROLES = ['admin', 'analyst', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** SPEC §4: premium or complimentary counts as premium. */
export function isPremiumPlan(plan: SubscriptionPlan | null | undefined): boolean {
  return plan === 'premium' || plan === 'complimentary';
}

/** SPEC §4: isAdmin only when the role is admin. */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'admin';
}

/** Issue 27: the analyst inbox is for analysts and administrators. */
export function isAnalystRole(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'analyst';
}

/** The role a stored value stands for: anything unknown is a plain user. */
export function roleOf(role: string | null | undefined): Role {
  return role === 'admin' || role === 'analyst' ? role : 'user';
}
