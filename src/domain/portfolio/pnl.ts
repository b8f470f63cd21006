import { DROPS_PER_XRP } from '../xrpl/drops';

/** A manual holding: XRP held elsewhere (an exchange, cold storage), with its cost when known. */
export interface Lot {
  amountDrops: bigint;
  /** What one XRP cost in USD when bought; null when the member did not say. */
  costUsdPerXrp: number | null;
}

export interface CostBasis {
  /** The XRP whose cost is known: the only XRP P&L speaks about. */
  coveredDrops: bigint;
  /** XRP in lots with no cost: valued, but outside the P&L. */
  uncoveredDrops: bigint;
  costBasisUsd: number;
  /** Average cost per XRP of the covered lots. */
  averageCostUsd: number;
  /** The covered XRP at `priceUsd`. */
  valueUsd: number;
  unrealisedUsd: number;
  /** Null when the covered XRP cost nothing: a gain on nothing has no percentage. */
  unrealisedPercent: number | null;
}

const xrp = (drops: bigint) => Number(drops) / Number(DROPS_PER_XRP);

/**
 * Unrealised profit and loss by average cost: the lots with a cost, valued at `priceUsd` (the latest
 * synced price), against what they cost. Null when no lot has a cost: there is no P&L to state.
 */
export function costBasis(lots: readonly Lot[], priceUsd: number): CostBasis | null {
  let coveredDrops = 0n;
  let uncoveredDrops = 0n;
  let costBasisUsd = 0;
  for (const lot of lots) {
    if (lot.costUsdPerXrp === null) {
      uncoveredDrops += lot.amountDrops;
      continue;
    }
    coveredDrops += lot.amountDrops;
    costBasisUsd += xrp(lot.amountDrops) * lot.costUsdPerXrp;
  }
  if (coveredDrops === 0n) return null;
  const valueUsd = xrp(coveredDrops) * priceUsd;
  const unrealisedUsd = valueUsd - costBasisUsd;
  return {
    coveredDrops,
    uncoveredDrops,
    costBasisUsd,
    averageCostUsd: costBasisUsd / xrp(coveredDrops),
    valueUsd,
    unrealisedUsd,
    unrealisedPercent: costBasisUsd === 0 ? null : (unrealisedUsd / costBasisUsd) * 100,
  };
}

/** Each part's share of the whole, in percent (an empty portfolio has no shares). */
export function allocation<K extends string>(
  parts: readonly { key: K; drops: bigint }[],
): { key: K; percent: number }[] {
  const total = parts.reduce((sum, part) => sum + part.drops, 0n);
  if (total <= 0n) return [];
  return parts.map((part) => ({ key: part.key, percent: (Number(part.drops) / Number(total)) * 100 }));
}
