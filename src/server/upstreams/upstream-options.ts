import type { Env } from '../env';
import type { OutboundOptions } from '../lib/outbound';

/** The outbound settings every market adapter shares. */
export function upstreamOptions(
  env: Pick<Env, 'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ONLY_ALLOWED'> &
    Partial<Pick<Env, 'UPSTREAM_TIMEOUT_SECONDS'>>,
  headers: Record<string, string> = {},
): OutboundOptions {
  return {
    allowHosts: env.OUTBOUND_ALLOW_HOSTS,
    onlyAllowHosts: env.OUTBOUND_ONLY_ALLOWED,
    timeoutMs: (env.UPSTREAM_TIMEOUT_SECONDS ?? 10) * 1000,
    retries: 2,
    maxBytes: 8 * 1024 * 1024,
    headers,
  };
}
