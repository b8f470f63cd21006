import type { Db } from '../../../db/client';

/** The SQL of stripe-provider.ts: the id of the price we created, remembered across restarts. */

const PRICE_STATE_KEY = 'billing.stripe_price_id';

/** The price this site created at Stripe (when STRIPE_PRICE_ID is not set), if it did. */
export async function rememberedStripePrice(db: Db): Promise<string | null> {
  const stored = await db
    .selectFrom('sync_state')
    .select('value')
    .where('key', '=', PRICE_STATE_KEY)
    .executeTakeFirst();
  return stored?.value ?? null;
}

export async function rememberStripePrice(db: Db, priceId: string): Promise<void> {
  await db
    .insertInto('sync_state')
    .values({ key: PRICE_STATE_KEY, value: priceId })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: priceId, updated_at: new Date() }))
    .execute();
}
