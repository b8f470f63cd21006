import { describe, expect, it } from 'vitest';
import { trustedOrigins } from './auth';

describe('trustedOrigins', () => {
  it('trusts every loopback name for a local install', () => {
    expect(trustedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });

  it('trusts only the public origin otherwise', () => {
    expect(trustedOrigins('https://xrp.example.com')).toEqual(['https://xrp.example.com']);
  });
});
