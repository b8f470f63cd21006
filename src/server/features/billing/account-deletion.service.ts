import type { BillingContext } from './billing.service';

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
