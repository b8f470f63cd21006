import { describe, expect, it } from 'vitest';
import { entityFromName, xrpscanAccountUrl } from './xrpscan-names';

describe('a name from XRPScan’s well-known names', () => {
  it('belongs to the owner its number follows', () => {
    expect(entityFromName('Bitstamp 2')).toBe('Bitstamp');
    expect(entityFromName('Bitget Global 1')).toBe('Bitget Global');
    expect(entityFromName('  Gate.io 12  ')).toBe('Gate.io');
  });

  it('stays whole when it does not end in a separate number', () => {
    expect(entityFromName('Bitstamp')).toBe('Bitstamp');
    expect(entityFromName('Binance US')).toBe('Binance US');
    expect(entityFromName('Web3')).toBe('Web3');
    expect(entityFromName('2 Kings 4')).toBe('2 Kings');
    // A name that is only a number keeps it: there would be no owner left.
    expect(entityFromName('2021')).toBe('2021');
  });

  it('links to the account’s page on XRPScan', () => {
    expect(xrpscanAccountUrl('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')).toBe(
      'https://xrpscan.com/account/rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
    );
  });
});
