import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { CLIENT_IP_HEADER, clientIp } from '../../lib/client-ip';
import { isPublicAuthEndpoint } from '../../lib/auth-endpoints';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';

interface Limit {
  path: string;
  per: 'ip' | 'email' | 'session';
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
  { path: '/two-factor/verify-totp', per: 'ip', rule: { window: 5 * 60, max: 10 } },
  { path: '/two-factor/verify-totp', per: 'session', rule: { window: 5 * 60, max: 5 } },
  { path: '/two-factor/verify-backup-code', per: 'ip', rule: { window: 5 * 60, max: 10 } },
  { path: '/two-factor/verify-backup-code', per: 'session', rule: { window: 5 * 60, max: 5 } },
  // Enabling checks the password: a stolen session must not guess it.
  { path: '/two-factor/enable', per: 'session', rule: { window: 15 * 60, max: 10 } },
];

/** better-call's own test for a JSON body (its `getBody`), so both read a body the same way. */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/**
 * The account an attempt names, read the way better-auth reads the body (better-call's order: JSON
 * first, then URL-encoded and multipart forms), so no content type carries an attempt past the
 * per-account limit.
 */
export async function emailOf(request: Request): Promise<string | null> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  let email: unknown;
  try {
    if (JSON_TYPE.test(type)) {
      email = ((await request.clone().json()) as { email?: unknown } | null)?.email;
    } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      email = (await request.clone().formData()).get('email');
    }
  } catch {
    return null;
  }
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

/**
 * The caller's session, or the pending two-factor sign-in, as a limit key: the second-factor
 * endpoints are limited per session as well as per address (better-auth locks a sign-in challenge
 * after 5 wrong codes; a signed-in session had no limit).
 */
function sessionKeyOf(cookieHeader: string | undefined): string | null {
  const values = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .filter(([name]) => name?.endsWith('session_token') || name?.endsWith('two_factor'))
    .map(([, value]) => value ?? '');
  return values.length > 0 ? crypto.createHash('sha256').update(values.join('|')).digest('base64url') : null;
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
 * In front of better-auth: answers 404 for every endpoint the app does not expose, stamps the caller's address in a header only the server sets, and refuses
 * an attempt over its limit with 429 and Retry-After (in better-auth's error shape, which its client reads).
 */
export function authGate(deps: Pick<AppDeps, 'db' | 'env'>): MiddlewareHandler<AppEnv> {
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
      if (limits.some((limit) => limit.per === 'email') && !email)
        return c.json({ code: 'INVALID_EMAIL', message: 'Enter your email address.' }, 400);
      for (const limit of limits) {
        const subject =
          limit.per === 'ip' ? ip : limit.per === 'email' ? email : sessionKeyOf(c.req.header('cookie'));
        if (!subject) continue;
        const decision = await consumeRateLimit(deps.db, `auth:${path}:${limit.per}:${subject}`, limit.rule);
        if (!decision.allowed) {
          c.header('Retry-After', String(decision.retryAfter));
          return c.json({ code: 'TOO_MANY_REQUESTS', message: retryMessage(decision.retryAfter) }, 429);
        }
      }
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    c.req.raw = new Request(c.req.raw, { headers });
    await next();
    if (path === '/sign-up/email') {
      const wait = SIGN_UP_MIN_MS - (Date.now() - startedAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
}
