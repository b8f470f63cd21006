import * as OTPAuth from 'otpauth';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieOf, createTestApp, TEST_PASSWORD, type TestApp } from '../../../../tests/support/test-app';
import { totpCodes } from '../../../../tests/support/totp';
import type { Env } from '../../env';
import { resolveAuthSecret } from '../../lib/secrets';
import {
  hashBackupCode,
  hashLegacyBackupCodes,
  reencryptTotpSecrets,
  twoFactorKeyConfig,
} from '../../lib/two-factor-secrets';

const KEY_A = 'first-two-factor-key-0123456789abcdefghij';
const KEY_B = 'second-two-factor-key-0123456789abcdefghij';

let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function start(env: Record<string, string> = {}) {
  const app = await createTestApp({ env });
  apps.push(app);
  return app;
}

const post = (app: TestApp, path: string, body: unknown, cookie?: string) =>
  app.request(path, { method: 'POST', json: body, ...(cookie ? { cookie } : {}) });

async function enable(app: TestApp) {
  const user = await app.signedInUser();
  const response = await post(app, '/api/auth/two-factor/enable', { password: TEST_PASSWORD }, user.cookie);
  const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const code = totpCodes(totp);
  const verify = await post(app, '/api/auth/two-factor/verify-totp', { code: code() }, user.cookie);
  expect(verify.status).toBe(200);
  const row = await app.handle.db
    .selectFrom('twoFactor')
    .selectAll()
    .where('userId', '=', user.userId)
    .executeTakeFirstOrThrow();
  return { ...user, cookie: cookieOf(verify) || user.cookie, totp, backupCodes, row, code };
}

async function passwordStep(app: TestApp, email: string) {
  const response = await post(app, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
  expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
  return cookieOf(response);
}

/** The same database served with other keys (a restart after changing the settings). */
async function servedWith(app: TestApp, env: Partial<Env>) {
  const runtime = await app.restartedWith(env);
  const send = (path: string, body: unknown, cookie?: string) =>
    runtime.app.request(`${app.env.PUBLIC_URL}${path}`, {
      method: 'POST',
      headers: {
        origin: app.env.PUBLIC_URL,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  return async (member: { email: string; code: () => string }) => {
    const step = await send('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD });
    const code = member.code();
    return (await send('/api/auth/two-factor/verify-totp', { code }, cookieOf(step))).status;
  };
}

describe('second-factor secrets at rest', () => {
  it('stores backup codes as SHA-256 hashes of 116-bit codes, and a hashed code still signs in once', async () => {
    const app = await start();
    const { email, backupCodes, row } = await enable(app);
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/i);
    expect(JSON.parse(row.backupCodes)).toEqual(backupCodes.map(hashBackupCode));

    const code = backupCodes[3]!;
    const first = await post(
      app,
      '/api/auth/two-factor/verify-backup-code',
      { code },
      await passwordStep(app, email),
    );
    expect(first.status).toBe(200);
    const again = await post(
      app,
      '/api/auth/two-factor/verify-backup-code',
      { code },
      await passwordStep(app, email),
    );
    expect(again.status).toBe(401);
    // Nor does the stored hash itself work as a code.
    const hash = await post(
      app,
      '/api/auth/two-factor/verify-backup-code',
      { code: hashBackupCode(backupCodes[4]!) },
      await passwordStep(app, email),
    );
    expect(hash.status).toBe(401);
  });

  it('encrypts authenticator secrets with TWO_FACTOR_ENCRYPTION_KEY, not with AUTH_SECRET', async () => {
    const app = await start({ TWO_FACTOR_ENCRYPTION_KEY: KEY_A });
    const { row, totp } = await enable(app);
    const config = twoFactorKeyConfig({
      authSecret: resolveAuthSecret(app.env),
      key: KEY_A,
      previousKeys: [],
    });
    expect(await symmetricDecrypt({ key: config, data: row.secret })).toBe(
      new TextDecoder().decode(totp.secret.bytes),
    );
    const withAuthSecretOnly = twoFactorKeyConfig({
      authSecret: resolveAuthSecret(app.env),
      key: KEY_B,
      previousKeys: [],
    });
    await expect(symmetricDecrypt({ key: withAuthSecretOnly, data: row.secret })).rejects.toThrow();
  });

  it('setting a first key locks nobody out: rows under the key from AUTH_SECRET stay readable, then move', async () => {
    const app = await start({});
    const member = await enable(app);
    const withKey = await servedWith(app, { TWO_FACTOR_ENCRYPTION_KEY: KEY_A, TWO_FACTOR_PREVIOUS_KEYS: [] });
    expect(await withKey(member)).toBe(200);
    const config = twoFactorKeyConfig({
      authSecret: resolveAuthSecret(app.env),
      key: KEY_A,
      previousKeys: [],
    });
    expect(await reencryptTotpSecrets(app.handle.db, config)).toBe(1);
    const row = await app.handle.db.selectFrom('twoFactor').select('secret').executeTakeFirstOrThrow();
    const keyOnly = twoFactorKeyConfig({ authSecret: 'x'.repeat(40), key: KEY_A, previousKeys: [] });
    expect(await symmetricDecrypt({ key: keyOnly, data: row.secret })).toBeTruthy();
  });

  it('reads rows from before the key existed, and rotates to a new key without locking anyone out', async () => {
    const app = await start({ TWO_FACTOR_ENCRYPTION_KEY: KEY_A });
    const authSecret = resolveAuthSecret(app.env);
    const current = await enable(app);
    // A member as the previous release stored them: secret and codes encrypted with AUTH_SECRET.
    const legacy = await enable(app);
    const plain = new TextDecoder().decode(legacy.totp.secret.bytes);
    await app.handle.db
      .updateTable('twoFactor')
      .set({
        secret: await symmetricEncrypt({ key: authSecret, data: plain }),
        backupCodes: await symmetricEncrypt({ key: authSecret, data: JSON.stringify(['Legac-yCode1']) }),
      })
      .where('userId', '=', legacy.userId)
      .execute();
    expect(await hashLegacyBackupCodes(app.handle.db, authSecret)).toBe(1);
    const stored = await app.handle.db
      .selectFrom('twoFactor')
      .select('backupCodes')
      .where('userId', '=', legacy.userId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.backupCodes)).toEqual([hashBackupCode('Legac-yCode1')]);

    const rotated = await servedWith(app, {
      TWO_FACTOR_ENCRYPTION_KEY: KEY_B,
      TWO_FACTOR_PREVIOUS_KEYS: [KEY_A],
    });
    expect(await rotated(current)).toBe(200);
    expect(await rotated(legacy)).toBe(200);

    const config = twoFactorKeyConfig({ authSecret, key: KEY_B, previousKeys: [KEY_A] });
    expect(await reencryptTotpSecrets(app.handle.db, config)).toBe(2);
    // Only the new key is needed now (AUTH_SECRET stays for the sessions, not for these rows).
    const onlyNew = await servedWith(app, { TWO_FACTOR_ENCRYPTION_KEY: KEY_B, TWO_FACTOR_PREVIOUS_KEYS: [] });
    expect(await onlyNew(current)).toBe(200);
    expect(await onlyNew(legacy)).toBe(200);
    const rows = await app.handle.db.selectFrom('twoFactor').select('secret').execute();
    const withoutOld = twoFactorKeyConfig({ authSecret: 'x'.repeat(40), key: KEY_B, previousKeys: [] });
    for (const row of rows)
      expect(await symmetricDecrypt({ key: withoutOld, data: row.secret })).toBeTruthy();
  });
});
