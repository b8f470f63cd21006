import type { WhaleTransaction } from '../../src/domain/whales/whales.schema';

/** What a whale payment between two accounts no one has named, with no stored price that hour, adds. */
export const unnamedWhale = {
  destinationTag: null,
  fromEvidence: null,
  toEvidence: null,
  from: null,
  to: null,
  kind: 'wallet_to_wallet',
  amountUsd: null,
  priceUsd: null,
  priceAt: null,
} as const satisfies Partial<WhaleTransaction>;
