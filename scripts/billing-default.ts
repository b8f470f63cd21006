/**
 * What `npm start` does about payments when no Stripe key is set, decided before any build time is
 * spent:
 * - on a local install (NODE_ENV not `production`) it turns on the labelled test mode, in which
 *   checkout is simulated and Premium costs nothing, and warns;
 * - under NODE_ENV=production it refuses to start unless the operator asked for the test mode with
 *   BILLING_TEST_MODE=true, so the documented production command never sells Premium for nothing.
 * An explicit BILLING_TEST_MODE, Stripe keys or BILLING_REQUIRE_STRIPE=true are left to the server.
 */
export function billingDefault(env: NodeJS.ProcessEnv): { testMode: boolean; refuse: string | null } {
  const unset =
    env.BILLING_TEST_MODE === undefined &&
    !env.STRIPE_SECRET_KEY?.trim() &&
    !['true', '1', 'yes'].includes(env.BILLING_REQUIRE_STRIPE?.trim() ?? '');
  if (!unset) return { testMode: false, refuse: null };
  if (env.NODE_ENV === 'production')
    return {
      testMode: false,
      refuse:
        'NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments, or BILLING_TEST_MODE=true to run the test mode in which Premium is free: set one and start again.',
    };
  return { testMode: true, refuse: null };
}
