import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('fills in the documented defaults', () => {
    const result = parseEnv({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env.PORT).toBe(3000);
    expect(result.env.HOST).toBe('127.0.0.1');
    expect(result.env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(result.env.DATA_DIR).toBe(path.resolve('./data'));
    expect(result.env.DATABASE_URL).toBeUndefined();
    expect(result.env.ROLE).toBe('all');
    expect(result.env.SYNC_DISABLED).toBe(false);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash from a given one', () => {
    const derived = parseEnv({ PORT: '8080' });
    expect(derived.ok && derived.env.PUBLIC_URL).toBe('http://localhost:8080');
    const given = parseEnv({ PUBLIC_URL: 'https://xrp.example.com/' });
    expect(given.ok && given.env.PUBLIC_URL).toBe('https://xrp.example.com');
  });

  it('names each bad variable with its value, one line each', () => {
    const result = parseEnv({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      ROLE: 'worker',
      SYNC_DISABLED: 'maybe',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(4);
    expect(result.errors).toContain('PORT must be a whole number between 0 and 65535 (got "eighty")');
    expect(result.errors).toContain(
      'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://x")',
    );
    expect(result.errors).toContain('ROLE must be one of web, jobs, all (got "worker")');
    expect(result.errors.find((line) => line.startsWith('SYNC_DISABLED '))).toBeDefined();
  });

  it('rejects a short AUTH_SECRET and a port out of range', () => {
    const result = parseEnv({ AUTH_SECRET: 'short', PORT: '70000' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.some((line) => line.startsWith('AUTH_SECRET must be at least 32 characters'))).toBe(
      true,
    );
    expect(result.errors.some((line) => line.startsWith('PORT '))).toBe(true);
  });

  it('requires the Stripe keys when BILLING_REQUIRE_STRIPE is on', () => {
    const result = parseEnv({ BILLING_REQUIRE_STRIPE: 'true', STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(['STRIPE_WEBHOOK_SECRET is required when BILLING_REQUIRE_STRIPE=true']);
  });

  it('splits OUTBOUND_ALLOW_HOSTS into a list', () => {
    const result = parseEnv({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1, localhost,' });
    expect(result.ok && result.env.OUTBOUND_ALLOW_HOSTS).toEqual(['127.0.0.1', 'localhost']);
  });
  describe('test-mode billing under NODE_ENV=production', () => {
    it('refuses to start without Stripe keys unless BILLING_TEST_MODE=true says so', () => {
      const result = parseEnv({ NODE_ENV: 'production' });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatch(
        /^BILLING_TEST_MODE must be true to run without STRIPE_SECRET_KEY when NODE_ENV=production/,
      );
      expect(parseEnv({ NODE_ENV: 'production', BILLING_TEST_MODE: 'false' }).ok).toBe(false);
    });

    it('starts in test mode when BILLING_TEST_MODE=true, and with Stripe keys without it', () => {
      const testMode = parseEnv({ NODE_ENV: 'production', BILLING_TEST_MODE: 'true' });
      expect(testMode.ok && testMode.env.BILLING_TEST_MODE).toBe(true);
      const stripe = parseEnv({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      });
      expect(stripe.ok).toBe(true);
    });

    it('needs no setting outside production, and names only the Stripe keys when they are required', () => {
      expect(parseEnv({}).ok).toBe(true);
      expect(parseEnv({ NODE_ENV: 'test' }).ok).toBe(true);
      const required = parseEnv({ NODE_ENV: 'production', BILLING_REQUIRE_STRIPE: 'true' });
      expect(!required.ok && required.errors.map((line) => line.split(' ')[0])).toEqual([
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ]);
    });
  });

  it('reads TRUST_PROXY as a hop count (true: one) or a list of proxy ranges, and none by default', () => {
    const hops = (value: string | undefined) => {
      const result = parseEnv({ TRUST_PROXY: value });
      return result.ok ? result.env.TRUST_PROXY : result.errors;
    };
    expect(hops(undefined)).toEqual({ hops: 0 });
    expect(hops('false')).toEqual({ hops: 0 });
    expect(hops('true')).toEqual({ hops: 1 });
    expect(hops('2')).toEqual({ hops: 2 });
    const list = hops('10.0.0.0/8, 192.168.1.10, ::1');
    expect('proxies' in list && list.proxies.map(([range, bits]) => `${range.toString()}/${bits}`)).toEqual([
      '10.0.0.0/8',
      '192.168.1.10/32',
      '::1/128',
    ]);
  });

  it('limits request bodies to 1 MB unless MAX_BODY_BYTES says otherwise', () => {
    const fallback = parseEnv({});
    expect(fallback.ok && fallback.env.MAX_BODY_BYTES).toBe(1024 * 1024);
    const set = parseEnv({ MAX_BODY_BYTES: '5242880' });
    expect(set.ok && set.env.MAX_BODY_BYTES).toBe(5 * 1024 * 1024);
    const bad = parseEnv({ MAX_BODY_BYTES: '1.5MB' });
    expect(!bad.ok && bad.errors[0]).toMatch(/^MAX_BODY_BYTES must be a whole number of bytes/);
  });

  it('reads WEB_CONCURRENCY as a process count from 1 to 64, unset by default', () => {
    const unset = parseEnv({ WEB_CONCURRENCY: '' });
    expect(unset.ok && unset.env.WEB_CONCURRENCY).toBeUndefined();
    const set = parseEnv({ WEB_CONCURRENCY: '4' });
    expect(set.ok && set.env.WEB_CONCURRENCY).toBe(4);
    for (const value of ['0', '65', '2.5', 'many']) {
      const bad = parseEnv({ WEB_CONCURRENCY: value });
      expect(!bad.ok && bad.errors[0]).toMatch(/^WEB_CONCURRENCY must be a whole number from 1 to 64/);
    }
  });
});
