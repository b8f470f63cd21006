import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role, SubscriptionPlan } from '../../src/domain/plans/entitlements';
import { hc } from 'hono/client';
import { serializeSigned } from 'hono/utils/cookie';
import type { ApiType } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { parseEnv, type Env } from '../../src/server/env';
import { createVerifiedUserWithHash } from '../../src/server/features/users/users.service';
import { hashPassword } from '../../src/server/lib/password-hash';
import { createLogger, type Logger } from '../../src/server/lib/logger';
import { createRuntime, type Runtime } from '../../src/server/runtime';
import { runSourceById } from '../../src/server/jobs/control';
import type { JobContext } from '../../src/server/jobs/job';
import type { RunOutcome } from '../../src/server/jobs/runner';
import { createTestDatabase } from './test-db';

import { TEST_PASSWORD, TEST_PASSWORD_HASH_VAR } from './test-password';

export { TEST_PASSWORD };

export interface TestApp extends Runtime {
  env: Env;
  handle: DatabaseHandle;
  /** A request against the app (no network), with the given session cookie; `json` becomes the body. */
  request(pathname: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  /**
   * The API's typed client (the web app's `hc<ApiType>`), signed in with `cookie` when given:
   * paths, inputs and answers are checked by TypeScript against the route contracts.
   */
  client(cookie?: string): ReturnType<typeof hc<ApiType>>;
  /** Signs in over HTTP and returns the session cookie (throws unless 200). */
  signIn(email: string, password: string): Promise<string>;
  /**
   * A verified user with TEST_PASSWORD and a session made by better-auth, as after a sign-in: the
   * member a test needs around the flow it checks. The tests of signing in call `signIn`.
   */
  signedInUser(options?: { role?: Role; plan?: SubscriptionPlan; email?: string; name?: string }): Promise<{
    cookie: string;
    email: string;
    userId: string;
  }>;
  /**
   * Runs the data source of `apiType` now, as an admin's "Sync now" does (a feature's tests drive
   * the jobs through here: feature code never imports them).
   */
  syncSource(apiType: string): Promise<RunOutcome>;
  /** The same database served by a new runtime with other settings: a restart after changing them. */
  restartedWith(env: Partial<Env>): Promise<Runtime>;
  close(): Promise<void>;
}

/** What the scheduler gives a task, from a test app (no web push; a quiet logger unless given one). */
export function taskContextOf(app: TestApp, logger: Logger = createLogger('silent')): JobContext {
  return {
    db: app.handle.db,
    env: app.env,
    logger,
    mailer: app.deps.mailer,
    push: null,
    unsubscribeSecret: app.deps.alerts.unsubscribeSecret,
  };
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-test-'));
  const result = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SYNC_DISABLED: 'true',
    PORT: '3999',
    OUTBOUND_ONLY_ALLOWED: 'true',
    // Tests change rows behind the app's back; the cache has its own test (market-cache.test.ts).
    READ_CACHE_SECONDS: '0',
    // No test reaches a public ledger server: nothing listens on port 9 (tests start a fake rippled).
    XRPL_WS_URL: 'ws://127.0.0.1:9',
    XRPL_WS_FALLBACK_URL: 'ws://127.0.0.1:9',
    // The derived bound shrinks when a hash is slow, as it is when test files share the cores; the
    // tests of the bound set their own (password-hash-queue.test.ts).
    PASSWORD_HASH_QUEUE_MAX: '64',
    ...overrides,
  });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.env;
}

let counter = 0;

/**
 * TEST_PASSWORD's stored hash: the one the run's global setup made (password-hash-setup.ts), else
 * made once per process (a hash costs a core about a tenth of a second, and starts the hashing
 * threads); the users of a test all share the password.
 */
let testPasswordHash: Promise<string> | undefined;
const storedTestPasswordHash = () => {
  const made = process.env[TEST_PASSWORD_HASH_VAR];
  return made ? Promise.resolve(made) : hashPassword(TEST_PASSWORD);
};

/** The cookies a response sets, as a Cookie header value. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export async function createTestApp(
  options: { webDistDir?: string; env?: Record<string, string>; logger?: Logger } = {},
): Promise<TestApp> {
  const env = testEnv(options.env);
  const handle = await createTestDatabase();
  const runtime = await createRuntime({
    env,
    handle,
    logger: options.logger ?? createLogger('silent'),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  const origin = env.PUBLIC_URL;

  const request: TestApp['request'] = (pathname, { cookie, json, ...init } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    if (!headers.has('origin')) headers.set('origin', origin);
    if (json !== undefined) {
      headers.set('content-type', 'application/json');
      init.body = JSON.stringify(json);
    }
    return Promise.resolve(runtime.app.request(`${origin}${pathname}`, { ...init, headers }));
  };

  const client: TestApp['client'] = (cookie) =>
    hc<ApiType>(`${origin}/api`, {
      fetch: (input: RequestInfo | URL, init?: RequestInit) =>
        Promise.resolve(runtime.app.request(input instanceof Request ? input : String(input), init)),
      headers: { origin, ...(cookie ? { cookie } : {}) },
    });

  const signIn: TestApp['signIn'] = async (email, password) => {
    const response = await request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return cookieOf(response);
  };

  const signedInUser: TestApp['signedInUser'] = async (userOptions = {}) => {
    counter += 1;
    const email = userOptions.email ?? `user${counter}-${Date.now()}@example.com`;
    const auth = runtime.deps.auth;
    const user = await createVerifiedUserWithHash(
      auth,
      handle.db,
      {
        email,
        name: userOptions.name ?? `Test User ${counter}`,
        role: userOptions.role,
        plan: userOptions.plan,
      },
      () => (testPasswordHash ??= storedTestPasswordHash()),
    );
    // The session and its signed cookie as better-auth's sign-in makes them, without the hash that
    // checking the password costs.
    const context = await auth.$context;
    const session = await context.internalAdapter.createSession(user.id);
    const { name, attributes } = context.authCookies.sessionToken;
    const signed = await serializeSigned(name, session.token, context.secret, { secure: attributes.secure });
    return { cookie: signed.split(';')[0] ?? '', email, userId: user.id };
  };

  return {
    ...runtime,
    env,
    handle,
    request,
    client,
    signIn,
    signedInUser,
    syncSource: async (apiType) => {
      const source = await handle.db
        .selectFrom('api_sources')
        .select('id')
        .where('api_type', '=', apiType)
        .executeTakeFirstOrThrow();
      return runSourceById({ db: handle.db, env, logger: createLogger('silent') }, source.id, 'manual');
    },
    restartedWith: (changes) =>
      createRuntime({ env: { ...env, ...changes }, handle, logger: createLogger('silent'), migrate: false }),
    close: async () => {
      await runtime.deps.ledger.close();
      await handle.close();
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}
