import type { Env } from '../env';
import type { OutboundOptions } from '../lib/outbound';

/** The outbound settings every market adapter shares. */
export function upstreamOptions(
  env: Pick<Env, 'OUTBOUND_ALLOW_HOSTS'>,
  headers: Record<string, string> = {},
): OutboundOptions {
  return {
    allowHosts: env.OUTBOUND_ALLOW_HOSTS,
    timeoutMs: 10_000,
    retries: 2,
    maxBytes: 8 * 1024 * 1024,
    headers,
  };
}
