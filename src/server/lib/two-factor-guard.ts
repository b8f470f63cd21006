import type { GenericEndpointContext } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { sql } from 'kysely';
import type { Db } from '../db/client';
import { CLIENT_IP_HEADER } from './client-ip';
import { refuseWeakPassword } from './password-guard';
import { consumeRateLimit, rateLimitWait, waitText, type RateRule } from './rate-limit';
import { checkSignUpBody } from './sign-up-guard';
import { hashBackupCode } from './two-factor-secrets';

/** A TOTP code stays valid for up to three 30-second steps; remember it a little longer than that. */
const REMEMBER_SECONDS = 120;

/**
 * Wrong codes at the second step of signing in, app codes and backup codes alike: after 5 in a row the
 * member's second step refuses every code, the right one too, for 15 minutes. Signing in with the
 * password again opens a new challenge but not a new allowance, and another address changes nothing;
 * a right code clears the count. better-auth keeps it on the member's twoFactor row (its
 * `accountLockout`, configured in auth.ts); the hooks below say how long to wait.
 */
export const secondFactorLockout = { maxFailedAttempts: 5, durationSeconds: 15 * 60 };

/**
 * Wrong codes at the second step of signing in from one address, whoever they were for: at most 20 an
 * hour, so someone holding many members' passwords cannot spread guesses over their accounts. A right
 * code does not clear it (anyone could sign in to an account of their own to do so). Codes checked
 * for a signed-in member (enabling 2FA, our own account routes) have their own per-member limits.
 */
const addressRule: RateRule = { window: 60 * 60, max: 20 };

const CODE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** better-auth's answers to a wrong code, and to a code sent while the member is locked. */
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE']);
const LOCKED = 'ACCOUNT_TEMPORARILY_LOCKED';

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
 * Whose code is checked: the signed-in member's (enabling 2FA, or our own routes' checks), or at sign-in
 * the member whose password step set the two-factor cookie; null when neither (better-auth refuses the
 * request itself).
 */
async function memberOf(ctx: GenericEndpointContext): Promise<{ userId: string; signingIn: boolean } | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return { userId: session.user.id, signingIn: false };
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const userId = (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value;
  return userId ? { userId, signingIn: true } : null;
}

/** Seconds until the member's second step takes codes again (0: it takes them now). */
async function lockWait(ctx: GenericEndpointContext, userId: string): Promise<number> {
  const row = await ctx.context.adapter.findOne<{ lockedUntil?: Date | string | null }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  });
  if (!row?.lockedUntil) return 0;
  return Math.max(0, Math.ceil((new Date(row.lockedUntil).getTime() - Date.now()) / 1000));
}

const addressKey = (ip: string) => `two-factor-wrong-codes:ip:${ip}`;

function tooManyWrongCodes(seconds: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'TOO_MANY_WRONG_CODES', message: `Too many wrong codes. Try again in ${waitText(seconds)}.` },
    { 'Retry-After': String(seconds) },
  );
}

/** Refuses a code while the member is locked or the caller's address has sent too many wrong ones. */
async function refuseWhileLocked(db: Db, ctx: GenericEndpointContext, userId: string) {
  const ip = ctx.headers?.get(CLIENT_IP_HEADER);
  const wait = Math.max(
    await lockWait(ctx, userId),
    ip ? await rateLimitWait(db, addressKey(ip), addressRule.max) : 0,
  );
  if (wait > 0) throw tooManyWrongCodes(wait);
}

/**
 * Runs before better-auth's endpoints:
 * - sign-up: the body is checked with the sign-up form's schema (sign-up-guard.ts);
 * - a new password set by a reset must meet the sign-up password rules (`refuseWeakPassword`);
 * - verify-totp and verify-backup-code: at sign-in, refused while the member is locked or the
 *   address has sent too many wrong codes, with the wait; then better-auth accepts the same TOTP code
 *   again within its window, so a code the member has already used is refused; backup codes are
 *   stored as hashes, so the code is compared as its hash.
 */
export function authEndpointGuards(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-up/email') return { context: { body: checkSignUpBody(ctx.body) } };
    refuseWeakPassword(ctx.path, ctx.body);
    if (!CODE_PATHS.has(ctx.path)) return;
    const member = await memberOf(ctx);
    if (member?.signingIn) await refuseWhileLocked(db, ctx, member.userId);
    const body = ctx.body as { code?: unknown } | undefined;
    if (typeof body?.code !== 'string') return;
    if (ctx.path === '/two-factor/verify-backup-code') {
      return { context: { body: { ...body, code: hashBackupCode(body.code) } } };
    }
    if (member && !(await claimTotpCode(db, member.userId, body.code))) {
      throw new APIError('UNAUTHORIZED', { message: 'Invalid verification code', code: 'INVALID_CODE' });
    }
  });
}

/**
 * Runs after better-auth's endpoints: at sign-in, a wrong code counts against the caller's address
 * (better-auth counts it against the member), and better-auth's own refusal of a locked member, met
 * only when a concurrent wrong code locked it after the check above, is given the wait as well.
 */
export function authEndpointOutcomes(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (!CODE_PATHS.has(ctx.path)) return;
    const returned: unknown = ctx.context.returned;
    if (!isAPIError(returned)) return;
    const code = (returned.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string' || !(WRONG_CODE.has(code) || code === LOCKED)) return;
    const member = await memberOf(ctx);
    if (!member?.signingIn) return;
    if (code === LOCKED) throw tooManyWrongCodes(Math.max(1, await lockWait(ctx, member.userId)));
    const ip = ctx.headers?.get(CLIENT_IP_HEADER);
    if (ip) await consumeRateLimit(db, addressKey(ip), addressRule);
  });
}
