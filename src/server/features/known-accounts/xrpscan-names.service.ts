import { sql } from 'kysely';
import {
  entityFromName,
  XRPSCAN_NAMES_SOURCE,
  xrpscanAccountUrl,
} from '@/domain/known-accounts/xrpscan-names';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';

/** Why the refresh's audit rows exist: no administrator made these changes. */
export const XRPSCAN_REFRESH_REASON = 'XRPScan well-known names refresh';

export interface XrpscanName {
  address: string;
  name: string;
}

export interface XrpscanRefresh {
  /** Live rows XRPScan names, now confirmed. */
  confirmed: number;
  /** Addresses XRPScan names that the registry lacked. */
  added: number;
  /** Confirmed rows whose label is not XRPScan's name (ours is kept). */
  differ: number;
}

/**
 * Applies XRPScan's well-known names to the registry, in one transaction with its audit rows:
 * - a live row whose address XRPScan names is confirmed (checked_at now), whatever its origin; its
 *   label, entity and category stay ours, and a label that is not XRPScan's name is only counted;
 * - an address the registry lacks is added under XRPScan's name, its owner the name without its
 *   number, filed as 'other', confirmed now;
 * - a retired row is left as it is (never revived, not confirmed), and a row XRPScan no longer lists
 *   keeps what it has.
 * The audit has one row for the confirmations and one for the additions, each only when there are
 * some: the refresh touches every listed row daily, and one row each keeps the trail readable.
 */
export async function applyXrpscanNames(
  db: Db,
  names: readonly XrpscanName[],
  now = new Date(),
): Promise<XrpscanRefresh> {
  if (names.length === 0) return { confirmed: 0, added: 0, differ: 0 };
  const byAddress = new Map(names.map((entry) => [entry.address, entry.name]));
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('known_accounts')
      .select(['address', 'label', 'checked_at', 'retired_at'])
      .where(sql<boolean>`address = ANY(${[...byAddress.keys()]}::text[])`)
      .forUpdate()
      .execute();
    const live = existing.filter((row) => row.retired_at === null);
    const differ = live.filter((row) => row.label !== byAddress.get(row.address)).length;
    if (live.length > 0) {
      await trx
        .updateTable('known_accounts')
        .set({ checked_at: now })
        .where(sql<boolean>`address = ANY(${live.map((row) => row.address)}::text[])`)
        .execute();
      await recordAudit(trx, {
        adminUserId: null,
        actionType: 'known_account_update',
        oldValue: {
          checkedAt: Object.fromEntries(
            live.map((row) => [row.address, row.checked_at?.toISOString() ?? null]),
          ),
        },
        newValue: { checkedAt: now.toISOString(), confirmed: live.length },
        reason: XRPSCAN_REFRESH_REASON,
      });
    }

    const known = new Set(existing.map((row) => row.address));
    const fresh = names.filter((entry) => !known.has(entry.address));
    // A name added meanwhile by an administrator wins: theirs stays, this one is not added.
    const added =
      fresh.length === 0
        ? []
        : (
            await sql<{ address: string; label: string; entity: string }>`
              INSERT INTO known_accounts
                (address, label, entity, category, source_name, source_url, origin, checked_at)
              SELECT a, l, e, 'other', ${XRPSCAN_NAMES_SOURCE}::text, u, 'xrpscan', ${now}::timestamptz
              FROM unnest(
                ${fresh.map((entry) => entry.address)}::text[],
                ${fresh.map((entry) => entry.name)}::text[],
                ${fresh.map((entry) => entityFromName(entry.name))}::text[],
                ${fresh.map((entry) => xrpscanAccountUrl(entry.address))}::text[]
              ) AS t(a, l, e, u)
              ON CONFLICT (address) DO NOTHING
              RETURNING address, label, entity`.execute(trx)
          ).rows;
    if (added.length > 0)
      await recordAudit(trx, {
        adminUserId: null,
        actionType: 'known_account_add',
        newValue: {
          category: 'other',
          sourceName: XRPSCAN_NAMES_SOURCE,
          origin: 'xrpscan',
          checkedAt: now.toISOString(),
          accounts: added,
        },
        reason: XRPSCAN_REFRESH_REASON,
      });
    return { confirmed: live.length, added: added.length, differ };
  });
}
