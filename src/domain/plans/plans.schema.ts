import { z } from 'zod';
import { ROLES, SUBSCRIPTION_PLANS } from './entitlements';

export const subscriptionPlanSchema = z.enum(SUBSCRIPTION_PLANS);
export const roleSchema = z.enum(ROLES);
