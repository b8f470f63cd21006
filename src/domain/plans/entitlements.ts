import { z } from 'zod';

export const subscriptionPlanSchema = z.enum(['free', 'premium', 'complimentary']);
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const roleSchema = z.enum(['admin', 'user']);
export type Role = z.infer<typeof roleSchema>;

/** SPEC §4: premium or complimentary counts as premium. */
export function isPremiumPlan(plan: SubscriptionPlan | null | undefined): boolean {
  return plan === 'premium' || plan === 'complimentary';
}

/** SPEC §4: isAdmin only when the role is admin. */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'admin';
}
