import { describe, expect, it } from 'vitest';
import {
  ADDRESS_CHECKSUM,
  ADDRESS_SHAPE,
  ADDRESS_TESTNET,
  ledgerAddressSchema,
  lotInputSchema,
  watchedAccountInputSchema,
} from './portfolio.schema';

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('a watched address', () => {
  it('takes a classic address, and an X-address as its classic account and tag', () => {
    expect(ledgerAddressSchema.parse(' rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP ')).toEqual({
      classicAddress: 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP',
      tag: null,
    });
    expect(ledgerAddressSchema.parse('XVTKhTrzjmqZ3YJLmj51FTrG9MGF2ENoZg6TzXfRKiFTTjF')).toEqual({
      classicAddress: 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP',
      tag: 12345,
    });
  });

  it('tells a typo (bad checksum) from something that is not an address at all', () => {
    expect(first(ledgerAddressSchema.safeParse('rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNQ'))).toBe(ADDRESS_CHECKSUM);
    expect(first(ledgerAddressSchema.safeParse('XVTKhTrzjmqZ3YJLmj51FTrG9MGF2ENoZg6TzXfRKiFTTjG'))).toBe(
      ADDRESS_CHECKSUM,
    );
    expect(first(ledgerAddressSchema.safeParse('rNotAnAddress'))).toBe(ADDRESS_SHAPE);
    expect(first(ledgerAddressSchema.safeParse('0x52908400098527886E0F7030069857D2E4169EE7'))).toBe(
      ADDRESS_SHAPE,
    );
    expect(first(ledgerAddressSchema.safeParse('TV4q7ZwybjP22hhxsYTe5Smwc8odnF8vjDjFuQHzSiX9WrJ'))).toBe(
      ADDRESS_TESTNET,
    );
  });

  it('needs a name for the account', () => {
    expect(
      first(
        watchedAccountInputSchema.safeParse({ address: 'rJj93v2nvi2kFCYNKUDBmFpM2AVQpkByNP', label: ' ' }),
      ),
    ).toBe('Give the account a name you will recognise');
  });
});

describe('a manual lot', () => {
  it('keeps the amount exact and leaves unknown fields unknown', () => {
    expect(lotInputSchema.parse({ amountXrp: '1250.000001', acquiredOn: '', costUsdPerXrp: '' })).toEqual({
      amountXrp: '1250.000001',
      acquiredOn: null,
      costUsdPerXrp: null,
      note: '',
    });
  });

  it('refuses a zero, negative or over-precise amount, a bad or future day and a bad cost', () => {
    const lot = { amountXrp: '10', acquiredOn: '2025-01-02', costUsdPerXrp: '0.52' };
    expect(lotInputSchema.safeParse(lot).success).toBe(true);
    for (const amountXrp of ['0', '-5', '1.0000001', 'ten', ''])
      expect(first(lotInputSchema.safeParse({ ...lot, amountXrp }))).toBe(
        'Enter an XRP amount above 0, with at most 6 decimals',
      );
    expect(first(lotInputSchema.safeParse({ ...lot, acquiredOn: '02/01/2025' }))).toBe(
      'Enter the day as YYYY-MM-DD',
    );
    expect(first(lotInputSchema.safeParse({ ...lot, acquiredOn: '2999-01-01' }))).toBe(
      'The day acquired cannot be in the future',
    );
    expect(first(lotInputSchema.safeParse({ ...lot, costUsdPerXrp: '$0.52' }))).toBe(
      'Enter the cost per XRP in USD, like 0.52',
    );
  });
});
