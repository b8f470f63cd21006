import type { BillingConfig } from '@/domain/billing/billing';
import type { BillingContext } from './billing.service';

/**
 * The billing mode and Premium's price as the provider holds it (the membership page, the admin
 * overview); unknown, saying why, when unreachable.
 */
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
