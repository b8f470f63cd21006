import { adminClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's browser client, on this origin's /api/auth. It looks `fetch` up on each request (by
 * default it keeps the one it found when created), so a test's stubbed fetch answers it too.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
  plugins: [adminClient(), twoFactorClient()],
});
