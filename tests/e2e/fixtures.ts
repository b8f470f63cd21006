import { test as base, expect, type Cookie, type Page } from '@playwright/test';
import type { ReceivedMail } from '../support/smtp';
import { E2E_PASSWORD, e2eUsers, type E2eUser } from './users';

interface Options {
  /** Console errors a test provokes on purpose (a 404 document logs one). */
  expectedConsoleErrors: RegExp[];
}

interface Fixtures {
  /** Aborts every request that leaves 127.0.0.1, as CI's network would; a test may route one itself. */
  localNetworkOnly: void;
  /** Fails the test on any console error or uncaught page error (CSP violations included). */
  failOnConsoleErrors: void;
  /**
   * Drops this context's cookies, leaving the page first: a signed-in page's background requests
   * (the subscription check, the live ticker) would otherwise go out cookie-less and log a 401.
   */
  forgetSession(): Promise<void>;
  /** Signs in through the API in this page's browser context. */
  signInAs(user: E2eUser | { email: string; password: string }): Promise<void>;
  /** Signs up a fresh account through the API and verifies it from the mailbox; the page is then signed in. */
  freshUser(name?: string): Promise<{ email: string; password: string }>;
  mailbox: Mailbox;
  /** Makes the signed-in user Premium through the local test-mode checkout (no card, no Stripe). */
  upgradeInTestMode(): Promise<void>;
}

export interface Mailbox {
  /** The first mail to `to` whose subject matches, waiting up to 10 s for it. */
  waitFor(to: string, subject: RegExp): Promise<ReceivedMail>;
  linkIn(mail: ReceivedMail): string;
}

let clientCounter = 0;

const isLocal = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost';

interface WorkerFixtures {
  /**
   * Session cookies of the named test accounts, signed in once per worker: the sign-in limits (10 per
   * account, 100 per address in 15 minutes) would otherwise refuse a suite that signs the same
   * account in dozens of times from 127.0.0.1. No test signs a named account out on the server
   * (sign-out flows use fresh users), so a cached session stays valid.
   */
  sessions: Map<string, Cookie[]>;
}

export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  sessions: [async ({}, use) => use(new Map()), { scope: 'worker' }],
  // Each test is its own client address (the server trusts X-Forwarded-For, as behind a load
  // balancer): per-address limits then apply per test, as they would per visitor.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    clientCounter += 1;
    await use({
      'x-forwarded-for': `10.${testInfo.workerIndex % 250}.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`,
    });
  },
  expectedConsoleErrors: [[], { option: true }],
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`');
    await use(url);
  },
  localNetworkOnly: [
    async ({ context }, use) => {
      await context.route(
        (url) => !isLocal(url),
        (route) => route.abort('internetdisconnected'),
      );
      await use();
    },
    { auto: true },
  ],
  failOnConsoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        // The browser reports the off-host requests the localNetworkOnly fixture aborts: not our error.
        if (text.startsWith('Failed to load resource') && !isLocal(new URL(message.location().url))) return;
        if (message.type() === 'error' && !expectedConsoleErrors.some((pattern) => pattern.test(text)))
          errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  forgetSession: async ({ page }, use) => {
    await use(async () => {
      await page.goto('about:blank');
      await page.context().clearCookies();
    });
  },
  upgradeInTestMode: async ({ page }, use) => {
    await use(async () => {
      const { url } = (await (await page.request.post('/api/billing/checkout')).json()) as { url: string };
      const paid = await page.request.post(`/api/billing/test/checkout/${url.split('/').pop()}/pay`);
      expect(paid.status()).toBe(200);
    });
  },
  signInAs: async ({ page, sessions }, use) => {
    await use(async (user) => {
      const cached = typeof user === 'string' ? sessions.get(user) : undefined;
      if (cached) {
        await page.context().addCookies(cached);
        return;
      }
      const credentials =
        typeof user === 'string' ? { email: e2eUsers[user].email, password: E2E_PASSWORD } : user;
      const response = await page.request.post('/api/auth/sign-in/email', { data: credentials });
      expect(response.status(), await response.text()).toBe(200);
      if (typeof user === 'string') sessions.set(user, await page.context().cookies());
    });
  },
  mailbox: async ({}, use) => {
    const url = process.env.E2E_MAILBOX_URL;
    if (!url) throw new Error('E2E_MAILBOX_URL is not set: run the browser tests with `npm run test:e2e`');
    await use({
      waitFor: async (to, subject) => {
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const mails = (await (await fetch(url)).json()) as ReceivedMail[];
          const mail = mails.find(
            (candidate) => candidate.to.includes(to.toLowerCase()) && subject.test(candidate.subject),
          );
          if (mail) return mail;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const seen = (await (await fetch(url)).json()) as ReceivedMail[];
        throw new Error(
          `No mail to ${to} matching ${subject}; mailbox has ${JSON.stringify(seen.map((m) => [m.to, m.subject]))}`,
        );
      },
      linkIn: (mail) => {
        const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
        if (!link) throw new Error(`No link in "${mail.subject}"`);
        return link;
      },
    });
  },
  freshUser: async ({ page, mailbox }, use) => {
    await use(async (name = 'Fresh User') => {
      const email = `fresh-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
      const password = E2E_PASSWORD;
      const response = await page.request.post('/api/auth/sign-up/email', {
        data: { email, password, name },
      });
      expect(response.status(), await response.text()).toBe(200);
      const verification = await mailbox.waitFor(email, /Verify your email/);
      // Opening the link verifies the address and signs this browser context in.
      const verified = await page.request.get(mailbox.linkIn(verification));
      expect(verified.ok()).toBe(true);
      return { email, password };
    });
  },
});

export { expect };

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
}
