import type { BillingConfig } from '@/domain/billing/billing';
import type { BillingContext } from './billing.service';

/**
 * What is asked of the provider outside a member's billing flows: Premium's price and the mode (the
 * membership page, the admin overview), and ending subscriptions when an account is deleted.
 */
/** The billing mode and Premium's price as the provider holds it; unknown, saying why, when unreachable. */
export async function billingConfig(ctx: BillingContext): Promise<BillingConfig> {
  const price = await ctx.provider.price().then(
    (value) => ({ price: value, priceUnavailable: null }),
    (error: unknown) => {
      ctx.logger.warn({ err: error }, 'premium price unavailable');
      return { price: null, priceUnavailable: 'The payment provider could not be reached' };
    },
  );
  return { mode: ctx.provider.mode, ...price };
}

/** Account deletion: a subscription that would charge again is ended now. Throws when it cannot be. */
export async function cancelForDeletion(ctx: BillingContext, userId: string): Promise<number> {
  const rows = await ctx.db
    .selectFrom('billing_subscriptions')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('provider', '=', ctx.provider.mode)
    .execute();
  const live = rows.filter((row) => !['canceled', 'incomplete_expired'].includes(row.status));
  for (const row of live) await ctx.provider.cancelNow(row.id);
  if (live.length > 0)
    ctx.logger.info({ userId, count: live.length }, 'subscriptions cancelled for account deletion');
  return live.length;
}
