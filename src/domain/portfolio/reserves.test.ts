import { describe, expect, it } from 'vitest';
import { accountReserve } from './reserves';

/** server_state's validated_ledger of tests/fixtures/xrpl/account-commands-apiv2.json: 1 XRP and 0.2 XRP. */
const today = { baseDrops: 1_000_000n, perObjectDrops: 200_000n };
/** The reserves before the December 2024 vote: 10 XRP and 2 XRP. */
const before2024 = { baseDrops: 10_000_000n, perObjectDrops: 2_000_000n };

describe('account reserve', () => {
  it('locks the base plus one increment per owned object, from the values the ledger gives', () => {
    // account_info of the fixture: Balance 742318409 drops, OwnerCount 3.
    expect(accountReserve(742_318_409n, 3, today)).toEqual({
      lockedDrops: 1_600_000n,
      spendableDrops: 740_718_409n,
    });
    expect(accountReserve(742_318_409n, 3, before2024)).toEqual({
      lockedDrops: 16_000_000n,
      spendableDrops: 726_318_409n,
    });
  });

  it('never shows a negative spendable balance', () => {
    expect(accountReserve(1_100_000n, 2, today)).toEqual({ lockedDrops: 1_400_000n, spendableDrops: 0n });
  });

  it('refuses an OwnerCount that is not a count', () => {
    expect(() => accountReserve(1n, -1, today)).toThrow(RangeError);
    expect(() => accountReserve(1n, 1.5, today)).toThrow(RangeError);
  });
});
