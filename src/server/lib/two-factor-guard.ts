import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { sql } from 'kysely';
import type { Db } from '../db/client';
import { refuseWeakPassword } from './password-guard';
import { hashBackupCode } from './two-factor-secrets';

/** A TOTP code stays valid for up to three 30-second steps; remember it a little longer than that. */
const REMEMBER_SECONDS = 120;

/**
 * Records a TOTP code as used by this user; false when the same code was already used while it could
 * still be valid (a replay). One atomic statement, so two concurrent uses cannot both pass.
 */
export async function claimTotpCode(db: Db, userId: string, code: string): Promise<boolean> {
  const result = await sql<{ user_id: string }>`
    INSERT INTO used_totp_codes AS u (user_id, code, used_at) VALUES (${userId}, ${code}, now())
    ON CONFLICT (user_id, code) DO UPDATE SET used_at = now()
      WHERE u.used_at < now() - make_interval(secs => ${REMEMBER_SECONDS})
    RETURNING user_id`.execute(db);
  return result.rows.length === 1;
}

/** Forgets codes long past their validity (kept REMEMBER_SECONDS; removed after 10 minutes). */
export async function pruneUsedTotpCodes(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('used_totp_codes')
    .where('used_at', '<', sql<Date>`now() - interval '10 minutes'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Runs before better-auth's endpoints: a new password must meet SPEC §5's rules (`refuseWeakPassword`),
 * and for the two-factor endpoints:
 * - verify-totp: better-auth accepts the same TOTP code again within its window; a code the user has
 *   already used is refused. The user is the signed-in one (enabling 2FA) or the one whose password
 *   step set the two-factor cookie (signing in).
 * - verify-backup-code: backup codes are stored as hashes, so the code is compared as its hash.
 */
export function authEndpointGuards(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    refuseWeakPassword(ctx.path, ctx.body);
    const body = ctx.body as { code?: unknown } | undefined;
    if (typeof body?.code !== 'string') return;
    if (ctx.path === '/two-factor/verify-backup-code') {
      return { context: { body: { ...body, code: hashBackupCode(body.code) } } };
    }
    if (ctx.path !== '/two-factor/verify-totp') return;
    const code = body.code;
    let userId = (await getSessionFromCtx(ctx).catch(() => null))?.user.id;
    if (!userId) {
      const cookie = ctx.context.createAuthCookie('two_factor');
      const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
      if (identifier) userId = (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value;
    }
    if (!userId) return; // better-auth refuses the request itself
    if (!(await claimTotpCode(db, userId, code))) {
      throw new APIError('UNAUTHORIZED', { message: 'Invalid verification code', code: 'INVALID_CODE' });
    }
  });
}
