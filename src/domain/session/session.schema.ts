import { z } from 'zod';
import { roleSchema, subscriptionPlanSchema } from '../plans/plans.schema';

export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'SessionUser' });

export const profileSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    fullName: z.string().nullable(),
    email: z.string(),
    subscriptionPlan: subscriptionPlanSchema,
    blocked: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** A viewer's session state as the server reports it; `loading` and subscription status live in the client. */
export const sessionStateSchema = z
  .object({
    user: sessionUserSchema.nullable(),
    session: z.object({ id: z.string(), expiresAt: z.string() }).nullable(),
    profile: profileSchema.nullable(),
    role: roleSchema.nullable(),
    isPremium: z.boolean(),
    isAdmin: z.boolean(),
    /** An analyst or an administrator: the analyst inbox. */
    isAnalyst: z.boolean(),
  })
  .meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof sessionStateSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
