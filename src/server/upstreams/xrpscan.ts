import { isValidClassicAddress } from 'ripple-address-codec';
import { z } from 'zod';
import { XRPSCAN_NAME_MAX } from '@/domain/known-accounts/xrpscan-names';
import type { Env } from '../env';
import { fetchJson } from '../lib/outbound';
import { upstreamOptions, type UpstreamEnv } from './upstream-options';

/**
 * One entry of XRPScan's well-known names: `account` and `name` are what the registry reads; `desc`,
 * `domain`, `twitter` and `verified` are absent from some entries and not used.
 */
const entrySchema = z.object({
  account: z.string().refine(isValidClassicAddress, 'is not a classic address'),
  name: z.string().trim().min(1).max(XRPSCAN_NAME_MAX),
});

export interface WellKnownName {
  address: string;
  name: string;
}

export interface WellKnownNames {
  names: WellKnownName[];
  /** Entries left out: no valid classic address, no usable name, or an address listed before. */
  skipped: number;
}

/**
 * XRPScan's list of well-known account names (`GET /names/well-known`, one array of every name). A
 * failed answer or a body that is not an array fails the read; one bad entry is only left out.
 */
export async function fetchWellKnownNames(
  env: Pick<Env, 'XRPSCAN_API_BASE'> & UpstreamEnv,
): Promise<WellKnownNames> {
  const body = await fetchJson(
    `${env.XRPSCAN_API_BASE}/names/well-known`,
    z.array(z.unknown()),
    upstreamOptions(env),
  );
  const names = new Map<string, WellKnownName>();
  let skipped = 0;
  for (const raw of body) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success || names.has(entry.data.account)) {
      skipped += 1;
      continue;
    }
    names.set(entry.data.account, { address: entry.data.account, name: entry.data.name });
  }
  return { names: [...names.values()], skipped };
}
