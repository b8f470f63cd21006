import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import { hashPassword, verifyPassword } from './password-hash';

/** Made by better-auth 1.7's own hashPassword (before this module), as stored in existing databases. */
const STORED_BEFORE = {
  password: 'Correct-Horse-9',
  hash: '421beb9aa4a070f565e4d87effef982e:c60396a7b7b43f5495f8418063b6827c5ca802fcbf976e81824e12e69d7f12830673337fcea4253372452434aec871ca8055f4ab64125a08cfae560935d0ae62',
};

describe('password hashes', () => {
  it('verifies a hash stored before, and refuses a wrong password or a damaged hash', async () => {
    expect(await verifyPassword(STORED_BEFORE)).toBe(true);
    expect(await verifyPassword({ ...STORED_BEFORE, password: 'Correct-Horse-8' })).toBe(false);
    expect(await verifyPassword({ ...STORED_BEFORE, hash: STORED_BEFORE.hash.slice(0, -2) })).toBe(false);
    expect(await verifyPassword({ ...STORED_BEFORE, hash: 'no-colon' })).toBe(false);
  });

  it('stores the same format, a fresh salt each time, and treats equivalent Unicode alike', async () => {
    const first = await hashPassword('Ça-va-Bien-1');
    const second = await hashPassword('Ça-va-Bien-1');
    expect(first).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(first).not.toBe(second);
    // "Ç" typed as C + combining cedilla is the same password after NFKC, as better-auth has it.
    expect(await verifyPassword({ hash: first, password: 'C\u0327a-va-Bien-1' })).toBe(true);
  });

  it('lets a member whose hash was stored before sign in, over HTTP', async () => {
    const app = await createTestApp();
    try {
      const member = await app.signedInUser({ plan: 'free' });
      await app.handle.db
        .updateTable('account')
        .set({ password: STORED_BEFORE.hash })
        .where('userId', '=', member.userId)
        .execute();
      expect(await app.signIn(member.email, STORED_BEFORE.password)).toContain('session_token');
      const wrong = await app.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: member.email, password: 'Correct-Horse-8' },
      });
      expect(wrong.status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('hashes on threads of its own, leaving libuv’s pool to file reads', async () => {
    // Four hashes at once used to hold all four of libuv's threads for ~100 ms each; a file read
    // (or a response's compression) queued behind them.
    const hashes = Array.from({ length: 4 }, () => verifyPassword(STORED_BEFORE));
    const order: string[] = [];
    const firstHash = Promise.race(hashes).then(() => order.push('hash'));
    await fs.promises.readFile(import.meta.filename).then(() => order.push('file read'));
    await firstHash;
    expect(order).toEqual(['file read', 'hash']);
    expect(await Promise.all(hashes)).toEqual([true, true, true, true]);
  });
});
