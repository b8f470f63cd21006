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
});
