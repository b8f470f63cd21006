import { APIError } from 'better-auth/api';
import { firstPasswordError, signUpPasswordRules } from '@/domain/auth/password-rules';

/**
 * better-auth's endpoints that set a password, and the body field holding it. Sign-up is checked as a
 * whole with the sign-up form's schema (sign-up-guard.ts), its password rules included.
 */
const passwordFields: Record<string, string> = {
  '/reset-password': 'newPassword',
};

/**
 * The sign-up password rules on better-auth's own endpoints (it checks only the length): a request that
 * skips the page's checks gets the same message the page shows, and nothing is stored.
 */
export function refuseWeakPassword(path: string, body: unknown): void {
  const field = passwordFields[path];
  if (!field || typeof body !== 'object' || body === null) return;
  const password = (body as Record<string, unknown>)[field];
  if (typeof password !== 'string') return; // better-auth refuses a missing password itself
  const problem = firstPasswordError(password, signUpPasswordRules);
  if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'PASSWORD_TOO_WEAK' });
}
