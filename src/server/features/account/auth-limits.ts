import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { CLIENT_IP_HEADER, clientIp } from '../../lib/client-ip';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';

interface Limit {
  path: string;
  per: 'ip' | 'email';
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
  { path: '/two-factor/verify-backup-code', per: 'ip', rule: { window: 5 * 60, max: 10 } },
];

async function emailOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * In front of better-auth: stamps the caller's address in a header only the server sets, and refuses
 * an attempt over its limit with 429 and Retry-After (in better-auth's error shape, which its client reads).
 */
export function authGate(deps: Pick<AppDeps, 'db' | 'env'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = clientIp(c, deps.env.TRUST_PROXY);
    const path = c.req.path.replace(/^\/api\/auth/, '');
    if (c.req.method === 'POST') {
      const email = authLimits.some((limit) => limit.path === path && limit.per === 'email')
        ? await emailOf(c.req.raw)
        : null;
      for (const limit of authLimits.filter((candidate) => candidate.path === path)) {
        const subject = limit.per === 'ip' ? ip : email;
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
  };
}
