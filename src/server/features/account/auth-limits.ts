import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { clientIp } from '../../lib/client-ip';
import { isPublicAuthEndpoint } from '../../lib/auth-endpoints';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';

interface Limit {
  path: string;
  /** ip: the caller's address; email: the account the body names; member: the signed-in member, or
   * the pending two-factor sign-in the request answers. */
  per: 'ip' | 'email' | 'member';
  rule: RateRule;
}

/**
 * Attempts allowed on better-auth's endpoints. Per account (email) to stop guessing one password,
 * per address to stop spraying many. docs/decisions/0010-rate-limits.md
 */
export const authLimits: readonly Limit[] = [
  { path: '/sign-in/email', per: 'email', rule: { window: 15 * 60, max: 10 } },
  { path: '/sign-in/email', per: 'ip', rule: { window: 15 * 60, max: 100 } },
  { path: '/sign-up/email', per: 'ip', rule: { window: 60 * 60, max: 20 } },
  { path: '/request-password-reset', per: 'email', rule: { window: 60 * 60, max: 3 } },
  { path: '/request-password-reset', per: 'ip', rule: { window: 60 * 60, max: 20 } },
  { path: '/reset-password', per: 'ip', rule: { window: 15 * 60, max: 20 } },
  { path: '/send-verification-email', per: 'email', rule: { window: 60 * 60, max: 3 } },
  // Wrong codes are counted per member and per address by lib/two-factor-guard.ts (5 in a row lock
  // the member for 15 minutes, and it says how long). These count every attempt; the per-member one
  // sits above that lock, so a member meets the lock and its wait first.
  { path: '/two-factor/verify-totp', per: 'ip', rule: { window: 5 * 60, max: 10 } },
  { path: '/two-factor/verify-totp', per: 'member', rule: { window: 15 * 60, max: 10 } },
  { path: '/two-factor/verify-backup-code', per: 'ip', rule: { window: 5 * 60, max: 10 } },
  { path: '/two-factor/verify-backup-code', per: 'member', rule: { window: 15 * 60, max: 10 } },
  // Enabling checks the password: a stolen session must not guess it.
  { path: '/two-factor/enable', per: 'member', rule: { window: 15 * 60, max: 10 } },
];

/** better-call's own test for a JSON body (its `getBody`), so both read a body the same way. */
const JSON_TYPE = /^application\/(?:[a-z0-9.+-]*\+)?json/i;

/**
 * The account an attempt names, read the way better-auth reads the body (better-call's order: JSON
 * first, then URL-encoded and multipart forms), so no content type carries an attempt past the
 * per-account limit.
 */
export async function emailOf(request: Request): Promise<string | null | 'several'> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  let email: unknown;
  try {
    if (JSON_TYPE.test(type)) {
      email = ((await request.clone().json()) as { email?: unknown } | null)?.email;
    } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      // A form may repeat a field, and better-auth would read another value than a limiter taking
      // the first: a body naming several accounts is refused.
      const values = (await request.clone().formData()).getAll('email');
      if (values.length > 1) return 'several';
      email = values[0];
    }
  } catch {
    return null;
  }
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

const SESSION_COOKIES = ['better-auth.session_token', '__Secure-better-auth.session_token'];
const CHALLENGE_COOKIES = ['better-auth.two_factor', '__Secure-better-auth.two_factor'];

/** Every value of each cookie name in the header, in order. */
function cookieValues(header: string | undefined): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    values.set(name, [...(values.get(name) ?? []), part.slice(at + 1).trim()]);
  }
  return values;
}

/**
 * The member a second-factor or password check is made for, as a limit key: the signed-in member's
 * id, or the pending two-factor sign-in the request answers (better-auth locks that challenge after 5
 * wrong codes; a signed-in session had no limit). Other cookies change nothing; a header naming a
 * session or challenge twice is refused (`'several'`), as better-auth might read the other one.
 */
async function memberKeyOf(c: Context, auth: AppDeps['auth']): Promise<string | null | 'several'> {
  const cookies = cookieValues(c.req.header('cookie'));
  if ([...SESSION_COOKIES, ...CHALLENGE_COOKIES].some((name) => (cookies.get(name)?.length ?? 0) > 1))
    return 'several';
  const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
  if (session) return session.user.id;
  const raw = CHALLENGE_COOKIES.map((name) => cookies.get(name)?.[0]).find(Boolean);
  if (!raw) return null;
  // As better-auth reads it (quotes off, escapes decoded), so another spelling is the same challenge.
  let challenge = raw.replace(/^"(.*)"$/, '$1');
  try {
    challenge = decodeURIComponent(challenge);
  } catch {
    // Not valid escaping: better-auth cannot read it either; its own spelling is its key.
  }
  return `challenge-${crypto.createHash('sha256').update(challenge).digest('base64url')}`;
}

/**
 * Sign-up answers no sooner than this: a new address costs a user row, an account row and a profile,
 * an existing one only a hash, and the difference must not tell anyone which addresses have accounts.
 */
export const SIGN_UP_MIN_MS = 600;

const notFound = (method: string, path: string) => ({
  error: { code: 'not_found', message: `No API route for ${method} /api/auth${path}` },
});

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * In front of better-auth: answers 404 for every endpoint the app does not expose, and refuses an
 * attempt over its limit with 429 and Retry-After (in better-auth's error shape, which its client
 * reads). The caller's address is stamped on every API request before this (lib/client-ip.ts).
 */
export function authGate(deps: Pick<AppDeps, 'db' | 'env' | 'auth'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api\/auth/, '');
    if (!isPublicAuthEndpoint(c.req.method, path)) return c.json(notFound(c.req.method, path), 404);
    const startedAt = Date.now();
    const ip = clientIp(c, deps.env.TRUST_PROXY);
    if (c.req.method === 'POST') {
      const email = authLimits.some((limit) => limit.path === path && limit.per === 'email')
        ? await emailOf(c.req.raw)
        : null;
      const limits = authLimits.filter((candidate) => candidate.path === path);
      // An endpoint limited per account takes only a body that names one (better-auth needs it too).
      if (email === 'several')
        return c.json({ code: 'INVALID_EMAIL', message: 'Enter one email address.' }, 400);
      if (limits.some((limit) => limit.per === 'email') && !email)
        return c.json({ code: 'INVALID_EMAIL', message: 'Enter your email address.' }, 400);
      const member = limits.some((limit) => limit.per === 'member') ? await memberKeyOf(c, deps.auth) : null;
      if (member === 'several')
        return c.json({ code: 'INVALID_SESSION', message: 'Send one session cookie.' }, 400);
      for (const limit of limits) {
        const subject = limit.per === 'ip' ? ip : limit.per === 'email' ? email : member;
        if (!subject) continue;
        const decision = await consumeRateLimit(deps.db, `auth:${path}:${limit.per}:${subject}`, limit.rule);
        if (!decision.allowed) {
          c.header('Retry-After', String(decision.retryAfter));
          return c.json({ code: 'TOO_MANY_REQUESTS', message: retryMessage(decision.retryAfter) }, 429);
        }
      }
    }
    await next();
    if (path === '/sign-up/email') {
      const wait = SIGN_UP_MIN_MS - (Date.now() - startedAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
}
