import { z } from 'zod';
import { fullNameSchema } from '../account/account.schema';
import { planPriceSchema } from '../billing/billing';
import { pageParamSchema } from '../pagination/pagination.schema';
import { roleSchema, subscriptionPlanSchema } from '../plans/plans.schema';
import { questionMetricsSchema } from '../questions/questions.schema';

/** The messages for an admin's own account and for blocking. */
export const CANNOT_MODIFY_SELF = 'You cannot modify your own account';
export const CANNOT_BLOCK_SELF = 'You cannot block your own account';
export const BLOCK_REASON_REQUIRED = 'Please provide a reason for blocking this user';

export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUserSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    fullName: z.string().nullable(),
    email: z.string(),
    subscriptionPlan: subscriptionPlanSchema,
    blocked: z.boolean(),
    blockReason: z.string().nullable(),
    role: roleSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z
  .object({
    users: z.array(adminUserSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AdminUserList' });

export const adminUserQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: pageParamSchema(),
});

/** Administrators are made with the CLI (`user:role`); the dashboard grants and removes the analyst role. */
export const ADMIN_ROLE_BY_CLI =
  'Administrators are appointed and removed with the CLI (npm run cli -- user:role).';

/** An admin's change to one user: any of name, plan, role (analyst or not) and blocked (a reason is needed to block). */
export const adminUserUpdateSchema = z
  .object({
    fullName: fullNameSchema.optional(),
    subscriptionPlan: subscriptionPlanSchema.optional(),
    role: z.enum(['analyst', 'user'], { error: 'Choose analyst or user' }).optional(),
    blocked: z.boolean().optional(),
    reason: z.string().trim().max(500, 'Keep the reason under 500 characters').optional(),
  })
  .refine(
    (body) =>
      body.fullName !== undefined ||
      body.subscriptionPlan !== undefined ||
      body.role !== undefined ||
      body.blocked !== undefined,
    'Send fullName, subscriptionPlan, role or blocked',
  )
  .refine((body) => body.blocked !== true || Boolean(body.reason), {
    message: BLOCK_REASON_REQUIRED,
    path: ['reason'],
  })
  .meta({ id: 'AdminUserUpdate' });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const auditActionSchema = z.enum([
  'subscription_change',
  'profile_update',
  'user_block',
  'user_unblock',
  'role_change',
  'domino_event_create',
  'domino_event_update',
  'domino_event_delete',
  'domino_event_reorder',
  'research_post_create',
  'research_post_update',
  'research_post_delete',
  'comment_hide',
  'comment_restore',
  'comment_delete',
  'commenting_stop',
  'commenting_resume',
  'known_account_add',
  'known_account_update',
  'known_entity_merge',
]);

export const auditLogSchema = z
  .object({
    id: z.string(),
    actionType: auditActionSchema,
    adminEmail: z.string().nullable(),
    targetUserId: z.string().nullable(),
    targetEmail: z.string().nullable(),
    oldValue: z.unknown(),
    newValue: z.unknown(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditLog' });
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogQuerySchema = z.object({
  userId: z.string().max(100).optional(),
  action: auditActionSchema.optional(),
  page: pageParamSchema(),
});

export const adminOverviewSchema = z
  .object({
    totalUsers: z.number().int(),
    /** Premium and complimentary members, split below: each counted once. */
    premiumUsers: z.number().int(),
    /** Premium from an active subscription that pays (a cancelled one until its period ends). */
    payingPremiumUsers: z.number().int(),
    /** Premium from a subscription that does not pay now: a trial or a failed payment being retried. */
    unpaidPremiumUsers: z.number().int(),
    /** Premium set by an administrator (`user:plan`, User Management) with no subscription behind it. */
    grantedPremiumUsers: z.number().int(),
    complimentaryUsers: z.number().int(),
    activeUsers: z.number().int(),
    blockedUsers: z.number().int(),
    /** Premium's price as the billing provider holds it (test mode: the test provider's); null when unknown. */
    premiumPrice: planPriceSchema.nullable(),
    /** Paying members × that price, per month, in the price's minor units; null when the price is unknown. */
    estimatedMonthlyRevenueCents: z.number().int().nullable(),
    /** Why the estimate is unknown, when it is. */
    revenueUnknownReason: z.string().nullable(),
    /** Monthly recurring revenue of active paid subscriptions, in cents, from billing records. */
    recurringRevenueCents: z.number().int(),
    newsArticles: z.number().int(),
    whaleTransactions24h: z.number().int(),
    recentSyncs: z.number().int(),
    recentSyncErrors: z.number().int(),
    /** Questions to the analysts. */
    questions: questionMetricsSchema,
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
