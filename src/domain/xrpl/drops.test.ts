import { describe, expect, it } from 'vitest';
import { dropsToXrp, xrpToDrops } from './drops';

describe('drops and XRP', () => {
  it('writes drops as XRP exactly, with no float rounding', () => {
    expect(dropsToXrp(742_318_409n)).toBe('742.318409');
    expect(dropsToXrp(1_000_000n)).toBe('1');
    expect(dropsToXrp(1n)).toBe('0.000001');
    expect(dropsToXrp(-50_000_012n)).toBe('-50.000012');
    expect(dropsToXrp(99_999_999_999_999_999n)).toBe('99999999999.999999');
  });

  it('reads an XRP decimal into drops, refusing more than 6 decimals or anything else', () => {
    expect(xrpToDrops('742.318409')).toBe(742_318_409n);
    expect(xrpToDrops(' 12.5 ')).toBe(12_500_000n);
    expect(xrpToDrops('0.000001')).toBe(1n);
    expect(xrpToDrops('1.0000001')).toBeNull();
    expect(xrpToDrops('1e6')).toBeNull();
    expect(xrpToDrops('')).toBeNull();
    expect(xrpToDrops('12,5')).toBeNull();
  });
});
