import { describe, expect, it } from 'vitest';
import { chooseEncoding, matchesEtag, type StaticFile } from './static-files';

const both = { identity: 1, br: 1, gzip: 1 };

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, then the bytes as they are', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('deflate', both)).toBe('identity');
    expect(chooseEncoding(undefined, both)).toBe('identity');
    expect(chooseEncoding('', both)).toBe('identity');
  });

  it('honours q=0 and *, and offers only what the file has', () => {
    expect(chooseEncoding('br;q=0, gzip;q=0.5', both)).toBe('gzip');
    expect(chooseEncoding('BR; Q=0, *', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0', both)).toBe('identity');
    expect(chooseEncoding('x-gzip', both)).toBe('gzip');
    expect(chooseEncoding('br, gzip', { identity: 1, gzip: 1 })).toBe('gzip');
    expect(chooseEncoding('br, gzip', { identity: 1 })).toBe('identity');
  });
});

describe('matchesEtag', () => {
  const file = {
    etags: { identity: '"abc"', br: '"abc-br"', gzip: '"abc-gz"' },
  } as unknown as StaticFile;

  it('matches any of the file’s tags, weak or strong, in a list', () => {
    expect(matchesEtag('"abc-br"', file)).toBe(true);
    expect(matchesEtag('"zzz", W/"abc-gz"', file)).toBe(true);
    expect(matchesEtag('*', file)).toBe(true);
  });

  it('does not match another tag or no header', () => {
    expect(matchesEtag('"abd"', file)).toBe(false);
    expect(matchesEtag('abc', file)).toBe(false);
    expect(matchesEtag(undefined, file)).toBe(false);
  });
});
