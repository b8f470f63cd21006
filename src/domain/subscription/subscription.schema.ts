import { z } from 'zod';
import { subscriptionPlanSchema } from '../plans/plans.schema';

/** A member's subscription status, as the subscription check answers it. */
export const subscriptionStatusSchema = z
  .object({
    subscribed: z.boolean(),
    subscriptionEnd: z.string().nullable(),
    plan: subscriptionPlanSchema,
  })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
