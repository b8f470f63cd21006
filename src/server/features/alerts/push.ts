import webpush from 'web-push';
import type { Env } from '../../env';
import { assertPublicUrl, UpstreamError } from '../../lib/outbound';
import { readOrCreateSecret } from '../../lib/secrets';

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

/** VAPID keys from the environment, else generated once into DATA_DIR/vapid-keys.json. */
export function resolveVapidKeys(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'DATA_DIR'>) {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const stored = readOrCreateSecret(env.DATA_DIR, 'vapid-keys.json', () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  return JSON.parse(stored) as { publicKey: string; privateKey: string };
}

/** The push endpoint a browser gave us must be a public https URL (tests allow their local service). */
export async function assertPushEndpoint(
  endpoint: string,
  env: Pick<Env, 'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ONLY_ALLOWED'>,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new UpstreamError('The push endpoint is not a URL');
  }
  const local = env.OUTBOUND_ALLOW_HOSTS.includes(url.hostname);
  if (url.protocol !== 'https:' && !local) throw new UpstreamError('The push endpoint must use https');
  await assertPublicUrl(endpoint, {
    allowHosts: env.OUTBOUND_ALLOW_HOSTS,
    onlyAllowHosts: env.OUTBOUND_ONLY_ALLOWED,
  });
}

/** web-push (RFC 8291 encryption, RFC 8292 VAPID) to the browsers' push services. */
export function createPushSender(env: Env): PushSender {
  const keys = resolveVapidKeys(env);
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  const vapidDetails = { subject: `mailto:${address}`, ...keys };
  return {
    publicKey: keys.publicKey,
    send: async (target, payload) => {
      try {
        await assertPushEndpoint(target.endpoint, env);
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause;
        return {
          status: 'failed',
          error: cause ? `${(error as Error).message}: ${cause.message}` : (error as Error).message,
        };
      }
      // web-push encrypts (RFC 8291) and signs (VAPID); the request is ours, so it has a timeout and,
      // in tests, reaches a plain-http local push service.
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails, TTL: 6 * 60 * 60, urgency: 'normal' },
      );
      try {
        const response = await fetch(details.endpoint, {
          method: details.method,
          // fetch computes Content-Length itself and refuses a preset one.
          headers: Object.fromEntries(
            Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
          ) as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(10_000),
        });
        await response.body?.cancel();
        if (response.ok) return { status: 'sent' };
        // 404 and 410: the browser unsubscribed or the subscription expired; it will never work again.
        if (response.status === 404 || response.status === 410) return { status: 'gone' };
        return { status: 'failed', error: `push service answered ${response.status}` };
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause;
        return {
          status: 'failed',
          error: cause ? `${(error as Error).message}: ${cause.message}` : (error as Error).message,
        };
      }
    },
  };
}
