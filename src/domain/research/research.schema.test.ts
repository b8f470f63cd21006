import { describe, expect, it } from 'vitest';
import { slugify } from './research.schema';

describe('slugify', () => {
  it('makes lower-case ASCII words joined by single dashes, at most 80 characters', () => {
    expect(slugify('  XRP — Ledger: Escrow, Explained! ')).toBe('xrp-ledger-escrow-explained');
    expect(slugify('Café déjà vu')).toBe('cafe-deja-vu');
    expect(slugify('***')).toBe('post');
  });

  it('reads 1 MB of separators and accents correctly', () => {
    const junk = '-— !é'.repeat(200_000);
    expect(slugify(`${junk}XRP${junk}`)).toBe(`e-${'e-'.repeat(39)}`.slice(0, 80).replace(/-$/, ''));
    expect(slugify(`${'-'.repeat(1_000_000)}a${'-'.repeat(1_000_000)}`)).toBe('a');
  });
});
