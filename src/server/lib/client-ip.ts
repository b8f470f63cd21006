import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The header our server sets (never the client) so better-auth records the real address on sessions. */
export const CLIENT_IP_HEADER = 'x-xrp-client-ip';

/**
 * The caller's address: the socket's peer, or with TRUST_PROXY the address the proxy put first in
 * X-Forwarded-For. 'unknown' for in-process requests (tests).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
