import crypto from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { Db } from '../db/client';

/**
 * How the second factor's secrets are kept (docs/security.md, ADR 0029):
 * - authenticator (TOTP) secrets are encrypted with their own key, TWO_FACTOR_ENCRYPTION_KEY, or when
 *   unset a key derived from AUTH_SECRET; rows written before that key existed were encrypted with
 *   AUTH_SECRET itself and are still read with it;
 * - backup codes are stored as SHA-256 hashes only. They carry 116 bits of randomness, so a plain
 *   hash is as strong as the code (OWASP ASVS 6.5.2).
 */

/** better-auth's versioned key set: it writes with `currentVersion` and reads any version it knows. */
export interface TwoFactorKeyConfig {
  keys: Map<number, string>;
  currentVersion: number;
  legacySecret: string;
}

/** A key's version is derived from the key, so operators rotate by value and never number anything. */
export function keyVersion(key: string): number {
  return Number.parseInt(crypto.createHash('sha256').update(key).digest('hex').slice(0, 7), 16);
}

export function twoFactorKeyConfig(options: {
  authSecret: string;
  key: string | undefined;
  previousKeys: readonly string[];
}): TwoFactorKeyConfig {
  const derived = crypto
    .createHmac('sha256', options.authSecret)
    .update('two-factor-encryption')
    .digest('base64url');
  const current = options.key ?? derived;
  // The key derived from AUTH_SECRET stays readable after a key is set: rows written before it are
  // read with it until `2fa:reencrypt` moves them, so setting the first key locks nobody out.
  const keys = new Map<number, string>();
  for (const key of [current, ...options.previousKeys, derived]) keys.set(keyVersion(key), key);
  return { keys, currentVersion: keyVersion(current), legacySecret: options.authSecret };
}

const HASH_PREFIX = 'sha256:';
/** Letters and digits that cannot be misread for one another (no 0/O, 1/l/I). */
const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BACKUP_CODE_COUNT = 10;

export function hashBackupCode(code: string): string {
  return `${HASH_PREFIX}${crypto.createHash('sha256').update(code.trim()).digest('base64url')}`;
}

const isHashed = (value: string) => value.startsWith(HASH_PREFIX);

/** Ten codes of 20 characters from a 57-letter alphabet (116 bits each), shown as four groups of five. */
export function generateBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from({ length: 20 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return chars.match(/.{5}/g)!.join('-');
  });
}

/** The list as stored: every code hashed (better-auth hands over the plain codes once, when it makes them). */
export function storedBackupCodes(json: string): string {
  const codes = JSON.parse(json) as string[];
  return JSON.stringify(codes.map((code) => (isHashed(code) ? code : hashBackupCode(code))));
}

/**
 * The stored list for comparison with a hashed code. Rows from before hashing hold the list encrypted
 * with AUTH_SECRET: it is decrypted once and hashed (`hashLegacyBackupCodes` rewrites them at start).
 */
export async function readBackupCodes(stored: string, authSecret: string): Promise<string> {
  if (stored.startsWith('[')) return stored;
  return storedBackupCodes(await symmetricDecrypt({ key: authSecret, data: stored }));
}

/** Rewrites backup-code lists still stored encrypted (from before hashing) as hashes; run at start. */
export async function hashLegacyBackupCodes(db: Db, authSecret: string): Promise<number> {
  const rows = await db
    .selectFrom('twoFactor')
    .select(['id', 'backupCodes'])
    .where('backupCodes', 'not like', '[%')
    .execute();
  for (const row of rows) {
    await db
      .updateTable('twoFactor')
      .set({ backupCodes: await readBackupCodes(row.backupCodes, authSecret) })
      .where('id', '=', row.id)
      .where('backupCodes', '=', row.backupCodes)
      .execute();
  }
  return rows.length;
}

/**
 * Key rotation: re-encrypts every authenticator secret with the current key (any key it can read:
 * the current one, TWO_FACTOR_PREVIOUS_KEYS, or AUTH_SECRET for rows from before the key existed).
 */
export async function reencryptTotpSecrets(db: Db, config: TwoFactorKeyConfig): Promise<number> {
  const rows = await db.selectFrom('twoFactor').select(['id', 'secret']).execute();
  let rewritten = 0;
  for (const row of rows) {
    if (row.secret.startsWith(`$ba$${config.currentVersion}$`)) continue;
    const plain = await symmetricDecrypt({ key: config, data: row.secret });
    await db
      .updateTable('twoFactor')
      .set({ secret: await symmetricEncrypt({ key: config, data: plain }) })
      .where('id', '=', row.id)
      .where('secret', '=', row.secret)
      .execute();
    rewritten += 1;
  }
  return rewritten;
}
