import crypto from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Env } from '../env';
import { assertPublicUrl, sendRequest, UpstreamError } from './outbound';
import { readOrCreateSecret } from './secrets';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult = { status: 'sent' } | { status: 'gone' } | { status: 'failed'; error: string };

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushResult>;
}

/**
 * A VAPID key pair as web-push's generateVAPIDKeys() makes it: a P-256 key, the public one
 * uncompressed (65 bytes), the private one 32 bytes, both base64url. Made here so that no process
 * loads web-push before it sends a push (ADR 0056).
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = crypto.createECDH('prime256v1');
  curve.generateKeys();
  // A private key with leading zero bytes comes out shorter: web-push wants all 32.
  const privateKey = curve.getPrivateKey();
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(Math.max(0, 32 - privateKey.length)), privateKey]).toString(
      'base64url',
    ),
  };
}

/** VAPID keys from the environment, else generated once into DATA_DIR/vapid-keys.json. */
export function resolveVapidKeys(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'DATA_DIR'>) {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const stored = readOrCreateSecret(env.DATA_DIR, 'vapid-keys.json', () =>
    JSON.stringify(generateVapidKeys()),
  );
  return JSON.parse(stored) as { publicKey: string; privateKey: string };
}

/**
 * The browsers' push services (Firefox, Chrome, Safari, Edge): a subscription must point at one of
 * them, so a member cannot make the server post to a host of their choosing.
 */
const pushServiceHosts = new Set([
  'updates.push.services.mozilla.com',
  'fcm.googleapis.com',
  'android.googleapis.com',
]);
const pushServiceSuffixes = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

export function isKnownPushService(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return pushServiceHosts.has(host) || pushServiceSuffixes.some((suffix) => host.endsWith(suffix));
}

type OutboundEnv = Pick<Env, 'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ONLY_ALLOWED'>;

/** True for a name or address of this machine: 127.0.0.0/8, ::1, localhost. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/**
 * A push endpoint is a known push service, over https. A host of OUTBOUND_ALLOW_HOSTS stands in for
 * one only under the same rule (and the same port, checked on subscribing), except on this machine's own
 * loopback addresses, where the local push service of tests and development speaks plain http on a
 * port of its own: nothing a browser hands out lives there.
 */
function checkPushEndpointUrl(endpoint: string, env: OutboundEnv): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new UpstreamError('The push endpoint is not a URL');
  }
  const allowed = env.OUTBOUND_ALLOW_HOSTS.includes(url.hostname);
  if (allowed && isLoopbackHost(url.hostname)) return;
  if (!allowed && !isKnownPushService(url.hostname))
    throw new UpstreamError('This push service is not supported');
  if (url.protocol !== 'https:') throw new UpstreamError('The push endpoint must use https');
}

const UNRESERVED = /^[\w\-.~]$/;

/**
 * One spelling per push endpoint, so that an endpoint belongs to one member however it is written:
 * scheme and host lower-case, no default port, dot segments resolved (the URL parser does those),
 * escapes decoded where that cannot change the address, the rest upper-case, repeated slashes as one,
 * no empty query. A fragment or credentials are refused: no push service hands those out.
 */
export function canonicalPushEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new UpstreamError('The push endpoint is not a URL');
  }
  if (url.hash || endpoint.includes('#') || url.username || url.password)
    throw new UpstreamError('The push endpoint is not a URL a push service gives out');
  // In the path every escape but '/', '?', '#' and '%' is decoded (push services read their tokens
  // decoded); in the query only unreserved ones ('+' and '=' mean something there). Hex is upper-case.
  const unescape = (text: string, keep: (char: string) => boolean) =>
    text.replace(/%([0-9A-F]{2})/gi, (_escape, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return keep(char) ? `%${hex.toUpperCase()}` : char;
    });
  const path = unescape(url.pathname, (char) => '/?#%'.includes(char) || char < ' ' || char > '~').replace(
    /\/{2,}/g,
    '/',
  );
  const query = unescape(url.search, (char) => !UNRESERVED.test(char));
  return `${url.origin}${path}${query === '?' ? '' : query}`;
}

/** On subscribing: a supported push service whose addresses are public (delivery checks again on connect). */
export async function assertPushEndpoint(endpoint: string, env: OutboundEnv): Promise<void> {
  checkPushEndpointUrl(endpoint, env);
  // The push services listen on 443 only: another port on their host is not their push service.
  const url = new URL(endpoint);
  if (url.port !== '' && !(env.OUTBOUND_ALLOW_HOSTS.includes(url.hostname) && isLoopbackHost(url.hostname)))
    throw new UpstreamError('This push service is not supported');
  await assertPublicUrl(endpoint, {
    allowHosts: env.OUTBOUND_ALLOW_HOSTS,
    onlyAllowHosts: env.OUTBOUND_ONLY_ALLOWED,
  });
}

const failure = (error: unknown): PushResult => {
  const cause = (error as Error & { cause?: Error }).cause;
  return {
    status: 'failed',
    error: cause ? `${(error as Error).message}: ${cause.message}` : (error as Error).message,
  };
};

/** web-push (RFC 8291 encryption, RFC 8292 VAPID) to the browsers' push services; loaded at the first push. */
export function createPushSender(env: Env): PushSender {
  const keys = resolveVapidKeys(env);
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  const vapidDetails = { subject: `mailto:${address}`, ...keys };
  return {
    publicKey: keys.publicKey,
    send: async (target, payload) => {
      try {
        // A row saved before the rules tightened, or edited in the database, is checked again here.
        checkPushEndpointUrl(target.endpoint, env);
        // web-push encrypts (RFC 8291) and signs (VAPID); the request goes out through the SSRF guard,
        // which checks the address actually connected to (DNS may have changed since subscribing).
        const { default: webpush } = await import('web-push');
        const details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails, TTL: 6 * 60 * 60, urgency: 'normal' },
        );
        const status = await sendRequest(
          details.endpoint,
          {
            method: details.method,
            // fetch computes Content-Length itself and refuses a preset one.
            headers: Object.fromEntries(
              Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
            ) as Record<string, string>,
            body: details.body ? new Uint8Array(details.body) : null,
          },
          { allowHosts: env.OUTBOUND_ALLOW_HOSTS, onlyAllowHosts: env.OUTBOUND_ONLY_ALLOWED },
        );
        if (status >= 200 && status < 300) return { status: 'sent' };
        // 404 and 410: the browser unsubscribed or the subscription expired; it will never work again.
        if (status === 404 || status === 410) return { status: 'gone' };
        return { status: 'failed', error: `push service answered ${status}` };
      } catch (error) {
        return failure(error);
      }
    },
  };
}
