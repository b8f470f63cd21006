import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { E2E_PASSWORD, e2eUsers } from './users';

type Playwright = { request: { newContext(options: object): Promise<APIRequestContext> } };

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;
/** This worker's admin session, signed in once: the sign-in limits count per account, across tests. */
let adminState: StorageState | undefined;

/** A request context signed in as the admin (once per worker while the session lasts). */
export async function adminContext(playwright: Playwright, baseURL: string): Promise<APIRequestContext> {
  if (adminState) {
    const kept = await playwright.request.newContext({
      extraHTTPHeaders: { origin: baseURL },
      storageState: adminState,
    });
    const session = (await (await kept.get(`${baseURL}/api/session`)).json()) as { isAdmin?: boolean };
    if (session.isAdmin) return kept;
    await kept.dispose();
  }
  const admin = await playwright.request.newContext({ extraHTTPHeaders: { origin: baseURL } });
  const signIn = await admin.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: e2eUsers.admin.email, password: E2E_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  adminState = await admin.storageState();
  return admin;
}

/**
 * Runs a source's sync now through the admin API, as the admin dashboard's button does. The
 * scheduler may hold the source's lease for its own run of it (409): as an admin would, it presses
 * again once that run has ended, so the data asked for is read after the call either way.
 */
export async function syncAsAdmin(admin: APIRequestContext, baseURL: string, apiType: string): Promise<void> {
  const sources = (await (await admin.get(`${baseURL}/api/admin/sources`)).json()) as {
    id: string;
    apiType: string;
  }[];
  const source = sources.find((candidate) => candidate.apiType === apiType);
  await expect
    .poll(
      async () => {
        const response = await admin.post(`${baseURL}/api/admin/sources/${source?.id}/sync`);
        return `${response.status()} ${await response.text()}`;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toMatch(/^200 /);
}
