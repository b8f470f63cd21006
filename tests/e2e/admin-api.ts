import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { E2E_PASSWORD, e2eUsers } from './users';

type Playwright = { request: { newContext(options: object): Promise<APIRequestContext> } };

/** A request context signed in as the admin (once; the sign-in limits count per account). */
export async function adminContext(playwright: Playwright, baseURL: string): Promise<APIRequestContext> {
  const admin = await playwright.request.newContext({ extraHTTPHeaders: { origin: baseURL } });
  const signIn = await admin.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: e2eUsers.admin.email, password: E2E_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  return admin;
}

/** Runs a source's sync now through the admin API, as the admin dashboard's button does. */
export async function syncAsAdmin(admin: APIRequestContext, baseURL: string, apiType: string): Promise<void> {
  const sources = (await (await admin.get(`${baseURL}/api/admin/sources`)).json()) as {
    id: string;
    apiType: string;
  }[];
  const source = sources.find((candidate) => candidate.apiType === apiType);
  const response = await admin.post(`${baseURL}/api/admin/sources/${source?.id}/sync`);
  expect(response.status(), await response.text()).toBe(200);
}
