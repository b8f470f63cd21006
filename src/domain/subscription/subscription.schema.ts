import { z } from 'zod';
import { subscriptionPlanSchema } from '../plans/entitlements';

/** SPEC §3 subscription status, as check-subscription answers it. */
export const subscriptionStatusSchema = z
  .object({
    subscribed: z.boolean(),
    subscriptionEnd: z.string().nullable(),
    plan: subscriptionPlanSchema,
  })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** SPEC §4/§9: the client re-checks every 60 seconds while signed in. */
export const SUBSCRIPTION_CHECK_INTERVAL_MS = 60_000;
