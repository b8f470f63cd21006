import type { Env } from '../env';
import type { OutboundOptions } from '../lib/outbound';

/** The settings every call to a market API depends on. */
export type UpstreamEnv = Pick<
  Env,
  'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ONLY_ALLOWED' | 'UPSTREAM_TIMEOUT_SECONDS'
>;

/** The outbound settings every market adapter shares. */
export function upstreamOptions(env: UpstreamEnv, headers: Record<string, string> = {}): OutboundOptions {
  return {
    allowHosts: env.OUTBOUND_ALLOW_HOSTS,
    onlyAllowHosts: env.OUTBOUND_ONLY_ALLOWED,
    timeoutMs: env.UPSTREAM_TIMEOUT_SECONDS * 1000,
    retries: 2,
    maxBytes: 8 * 1024 * 1024,
    headers,
  };
}
