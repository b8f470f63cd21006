/**
 * XRP Ledger account reserves, in drops (1 XRP = 1,000,000 drops). The base and per-object reserves
 * are voted by validators and read from the ledger (`server_state`'s `validated_ledger.reserve_base`
 * and `reserve_inc`, or the ledger stream), never constants: they fell from 10 and 2 XRP to 1 and
 * 0.2 XRP in December 2024.
 */
export interface ReserveSettings {
  baseDrops: bigint;
  perObjectDrops: bigint;
}

export interface AccountReserve {
  /** base + OwnerCount × per-object reserve: what the account cannot send. */
  lockedDrops: bigint;
  /** The balance above the reserve (0 when the balance does not even cover it). */
  spendableDrops: bigint;
}

export function accountReserve(
  balanceDrops: bigint,
  ownerCount: number,
  settings: ReserveSettings,
): AccountReserve {
  if (!Number.isInteger(ownerCount) || ownerCount < 0) throw new RangeError(`Bad OwnerCount ${ownerCount}`);
  const lockedDrops = settings.baseDrops + BigInt(ownerCount) * settings.perObjectDrops;
  const spendableDrops = balanceDrops > lockedDrops ? balanceDrops - lockedDrops : 0n;
  return { lockedDrops, spendableDrops };
}
