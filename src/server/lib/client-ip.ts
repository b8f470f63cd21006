import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import type { TrustProxy } from '../env';

/** The header our server sets (never the client) so better-auth records the real address on sessions. */
export const CLIENT_IP_HEADER = 'x-xrp-client-ip';

function socketPeer(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function isTrustedHop(trust: TrustProxy, address: string, distance: number): boolean {
  if ('hops' in trust) return distance < trust.hops;
  if (!ipaddr.isValid(address)) return false;
  // An IPv4 peer on a dual-stack socket reads ::ffff:10.0.0.1; process() makes it 10.0.0.1.
  const parsed = ipaddr.process(address);
  return trust.proxies.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}

/**
 * The caller's address. Each proxy appends the address it was called from to X-Forwarded-For, so
 * only the right-hand end of the header was written by a proxy we trust; the left-hand entries are
 * whatever the client sent. Reading the hops from the right (the socket's peer first), the answer is
 * the first hop TRUST_PROXY does not trust: without TRUST_PROXY, the peer itself. 'unknown' for
 * in-process requests (tests).
 */
export function clientIp(c: Context, trust: TrustProxy): string {
  const peer = socketPeer(c);
  if ('hops' in trust && trust.hops === 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = [...forwarded, peer];
  for (let index = hops.length - 1; index > 0; index -= 1) {
    const address = hops[index]!;
    if (!isTrustedHop(trust, address, hops.length - 1 - index)) return address;
  }
  return hops[0]!;
}

/**
 * Every API request carries the caller's address in CLIENT_IP_HEADER, written here and never taken
 * from the client: a value the client sent is replaced, so better-auth (which records it on sessions,
 * also when our own routes call it) and the rate limits see the address TRUST_PROXY allows.
 */
export function stampClientIp(trust: TrustProxy): MiddlewareHandler {
  return async (c, next) => {
    // Reads that carry no such header are left as they are: copying a request costs on the hot paths,
    // and better-auth records an address only when a write makes a session.
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !c.req.header(CLIENT_IP_HEADER)) return next();
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, trust));
    c.req.raw = new Request(c.req.raw, { headers });
    await next();
  };
}
