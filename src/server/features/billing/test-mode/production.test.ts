import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../../tests/support/test-app';

/** NODE_ENV=production without Stripe keys: test mode gives Premium away, so it runs only when asked for. */
describe('test-mode billing under NODE_ENV=production', () => {
  it('does not start without BILLING_TEST_MODE=true', async () => {
    await expect(createTestApp({ env: { NODE_ENV: 'production' } })).rejects.toThrow(
      /^BILLING_TEST_MODE must be true to run without STRIPE_SECRET_KEY when NODE_ENV=production/,
    );
  });

  it('runs the test mode when told to, and says so to the web app', async () => {
    const app = await createTestApp({ env: { NODE_ENV: 'production', BILLING_TEST_MODE: 'true' } });
    try {
      const config = await app.client().billing.config.$get();
      expect(config.status).toBe(200);
      expect(await config.json()).toMatchObject({ mode: 'test' });
      // Its checkout works as in development: the setting is what keeps it from running by accident.
      const user = await app.signedInUser();
      const checkout = await app.client(user.cookie).billing.checkout.$post();
      expect(checkout.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
