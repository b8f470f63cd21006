import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  disableTwoFactorSchema,
  emailChangeTokenSchema,
  profileUpdateSchema,
} from '@/domain/account/account.schema';
import { profileSchema } from '@/domain/session/session.schema';
import type { AppDeps } from '../../lib/context';
import { createRouter, errorResponse, jsonBody, jsonContent } from '../../lib/router';
import { requireViewer, viewerOf } from '../../lib/viewer';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context';
import { clientIp } from '../../lib/client-ip';
import { enforceRateLimit, type RateRule } from '../../lib/rate-limit';
import {
  changeOwnPassword,
  deleteOwnAccount,
  exportUserData,
  startEmailChange,
  turnOffTwoFactor,
  updateOwnProfile,
} from './account.service';
import { cancelEmailChange, confirmEmailChange } from './email-change.service';

const okSchema = z.object({ message: z.string() });
const commonErrors = {
  401: errorResponse('Not signed in'),
  422: errorResponse('Invalid input'),
  429: errorResponse('Too many attempts'),
} as const;
/** The routes that check a password: the hashing queue may be full (Retry-After says when to retry). */
const passwordErrors = {
  ...commonErrors,
  503: errorResponse('Busy — the password could not be checked now; try again after Retry-After'),
} as const;

/**
 * Password and code checks behind a session: a stolen session must not guess the password (or the
 * second factor) of the member it belongs to. Per member, across these routes together.
 */
const ACCOUNT_CHECK_LIMIT: RateRule = { window: 15 * 60, max: 10 };
/** Email-change requests mail an address the member names: a few an hour. */
const EMAIL_CHANGE_LIMIT: RateRule = { window: 60 * 60, max: 5 };
/** The mailed links' routes need no session; their tokens are 256-bit, this only bounds the load. */
const LINK_LIMIT: RateRule = { window: 60, max: 30 };

export function createAccountRoutes(deps: AppDeps) {
  const signedIn = requireViewer(deps);
  const limited = (name: string, rule: RateRule, message: string) =>
    createMiddleware<AppEnv>(async (c, next) => {
      await enforceRateLimit(c, deps.db, `${name}:${viewerOf(c).user.id}`, rule, message);
      await next();
    });
  const accountChecks = limited('account-check', ACCOUNT_CHECK_LIMIT, 'Too many attempts');
  const emailChanges = limited('email-change', EMAIL_CHANGE_LIMIT, 'Too many email changes asked for');
  const linkLimit = createMiddleware<AppEnv>(async (c, next) => {
    const ip = clientIp(c, deps.env.TRUST_PROXY);
    await enforceRateLimit(c, deps.db, `email-change-link:${ip}`, LINK_LIMIT, 'Too many attempts');
    await next();
  });
  const context = (c: Parameters<typeof viewerOf>[0]) => ({
    auth: deps.auth,
    db: deps.db,
    mailer: deps.mailer,
    publicUrl: deps.env.PUBLIC_URL,
    headers: c.req.raw.headers,
    user: viewerOf(c).user,
  });

  const updateProfile = createRoute({
    method: 'patch',
    path: '/profile',
    tags: ['Account'],
    summary: "Update the signed-in user's own profile (full name only)",
    middleware: [signedIn] as const,
    request: { body: jsonBody(profileUpdateSchema) },
    responses: { 200: jsonContent(profileSchema, 'The updated profile'), ...commonErrors },
  });

  const changeEmail = createRoute({
    method: 'post',
    path: '/account/change-email',
    tags: ['Account'],
    summary:
      'Start an email change (password, and the 2FA code when 2FA is on; the new address must confirm, the old one can cancel)',
    middleware: [signedIn, accountChecks, emailChanges] as const,
    request: { body: jsonBody(changeEmailSchema) },
    responses: {
      200: jsonContent(okSchema, 'Verification mails sent'),
      400: errorResponse('Incorrect password, or the two-factor code missing or wrong'),
      409: errorResponse('The previous change can still be undone'),
      ...passwordErrors,
    },
  });

  const linkDeps = { publicUrl: deps.env.PUBLIC_URL, db: deps.db, mailer: deps.mailer };

  const confirmEmail = createRoute({
    method: 'post',
    path: '/account/email-change/confirm',
    tags: ['Account'],
    summary: 'Confirm a new email address from the link mailed to it (works without signing in)',
    request: { body: jsonBody(emailChangeTokenSchema) },
    responses: {
      200: jsonContent(z.object({ message: z.string(), email: z.string() }), 'The address changed'),
      404: errorResponse('The link is not valid any more'),
      409: errorResponse('The address belongs to another account by now'),
      422: errorResponse('Invalid input'),
    },
  });

  const cancelEmail = createRoute({
    method: 'post',
    path: '/account/email-change/cancel',
    tags: ['Account'],
    summary:
      'Cancel an email change from the link mailed to the old address, or undo it within 7 days (every session ends)',
    middleware: [linkLimit] as const,
    request: { body: jsonBody(emailChangeTokenSchema) },
    responses: {
      200: jsonContent(
        z.object({ message: z.string(), outcome: z.enum(['cancelled', 'undone']), email: z.string() }),
        'Cancelled or undone',
      ),
      404: errorResponse('The link is not valid any more'),
      409: errorResponse('The address was changed again since, or the old one is taken'),
      422: errorResponse('Invalid input'),
    },
  });

  const changePassword = createRoute({
    method: 'post',
    path: '/account/change-password',
    tags: ['Account'],
    summary: 'Change the password (current password verified; other sessions end)',
    middleware: [signedIn, accountChecks] as const,
    request: { body: jsonBody(changePasswordSchema) },
    responses: {
      200: jsonContent(okSchema, 'Password changed'),
      400: errorResponse('Incorrect password'),
      ...passwordErrors,
    },
  });

  const exportData = createRoute({
    method: 'get',
    path: '/account/export',
    tags: ['Account'],
    summary: "Download the signed-in user's data as JSON",
    middleware: [signedIn] as const,
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()), 'The data'),
      401: errorResponse('Not signed in'),
    },
  });

  const deleteAccount = createRoute({
    method: 'post',
    path: '/account/delete',
    tags: ['Account'],
    summary: 'Delete the account and its personal data (password, and the 2FA code when 2FA is on)',
    middleware: [signedIn, accountChecks] as const,
    request: { body: jsonBody(deleteAccountSchema) },
    responses: {
      200: jsonContent(okSchema, 'Deleted'),
      400: errorResponse('Incorrect password'),
      ...passwordErrors,
    },
  });

  const disableTwoFactor = createRoute({
    method: 'post',
    path: '/account/two-factor/disable',
    tags: ['Account'],
    summary: 'Turn two-factor sign-in off (password and a current code or a backup code)',
    middleware: [signedIn, accountChecks] as const,
    request: { body: jsonBody(disableTwoFactorSchema) },
    responses: {
      200: jsonContent(okSchema, 'Turned off'),
      400: errorResponse('Incorrect password or code'),
      409: errorResponse('Two-factor authentication is not on'),
      ...passwordErrors,
    },
  });

  return createRouter()
    .openapi(updateProfile, async (c) =>
      c.json(await updateOwnProfile(deps.db, viewerOf(c).user.id, c.req.valid('json').fullName), 200),
    )
    .openapi(changeEmail, async (c) => {
      await startEmailChange(context(c), c.req.valid('json'));
      return c.json(
        { message: 'Verification emails sent! Please check both your old and new email addresses.' },
        200,
      );
    })
    .openapi(confirmEmail, async (c) => {
      const { email } = await confirmEmailChange(linkDeps, c.req.valid('json').token);
      return c.json({ message: `Your email address is now ${email}.`, email }, 200);
    })
    .openapi(cancelEmail, async (c) => {
      const { outcome, email } = await cancelEmailChange(linkDeps, c.req.valid('json').token);
      const message =
        outcome === 'cancelled'
          ? `The change was cancelled: your email address stays ${email}.`
          : `The change was undone: your email address is ${email} again and every session was signed out. Choose a new password now.`;
      return c.json({ message, outcome, email }, 200);
    })
    .openapi(changePassword, async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const headers = await changeOwnPassword(context(c), currentPassword, newPassword);
      for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ message: 'Password updated successfully' }, 200);
    })
    .openapi(disableTwoFactor, async (c) => {
      const headers = await turnOffTwoFactor(context(c), c.req.valid('json'));
      for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ message: 'Two-factor authentication turned off' }, 200);
    })
    .openapi(exportData, async (c) => {
      const data = await exportUserData(deps.db, viewerOf(c).user.id);
      c.header(
        'Content-Disposition',
        `attachment; filename="xrp-research-data-${data.exportedAt.slice(0, 10)}.json"`,
      );
      c.header('Cache-Control', 'no-store');
      return c.json(data, 200);
    })
    .openapi(deleteAccount, async (c) => {
      await deleteOwnAccount(context(c), c.req.valid('json'));
      return c.json({ message: 'Account deleted successfully. You will be redirected...' }, 200);
    });
}
