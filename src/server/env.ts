import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_RESPONSE_TIME } from '@/domain/questions/questions.schema';

/**
 * The only reader of process.env. Every variable of docs/operations.md is parsed here once, at boot;
 * a bad value stops the process with one line per variable that names it.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** A comma-separated list: trimmed, empty entries dropped; unset is the empty list. */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const wsUrl = z.url({ protocol: /^wss?$/, error: 'must be a ws(s) URL' });

/**
 * Which X-Forwarded-For hops to believe (lib/client-ip.ts): the nearest `hops` (the socket's peer
 * counts as the first), or every hop whose address is in `proxies`. `{ hops: 0 }` believes none.
 */
export type TrustProxy = { hops: number } | { proxies: [ipaddr.IPv4 | ipaddr.IPv6, number][] };

const TRUST_PROXY_ERROR =
  'must be false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses or CIDR ranges';

/** `false`/unset: none; `true`: one hop (as before hop counts existed); `2`: two hops; `10.0.0.0/8, ::1`: those. */
const trustProxySetting = z
  .string()
  .default('')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (['', 'false', 'no'].includes(value)) return { hops: 0 };
    if (['true', 'yes'].includes(value)) return { hops: 1 };
    if (/^\d+$/.test(value) && Number(value) <= 100) return { hops: Number(value) };
    const entries = value.split(',').map((entry) => entry.trim());
    const proxies = entries.map((entry) =>
      ipaddr.isValidCIDR(entry)
        ? ipaddr.parseCIDR(entry)
        : ipaddr.isValid(entry)
          ? ipaddr.parseCIDR(`${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`)
          : undefined,
    );
    if (proxies.every((range) => range !== undefined)) return { proxies };
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_ERROR });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /** Encrypts the members' authenticator secrets; unset → a key derived from AUTH_SECRET (docs/operations.md). */
    TWO_FACTOR_ENCRYPTION_KEY: optionalText.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    /** Earlier TWO_FACTOR_ENCRYPTION_KEY values, comma-separated: still read, never written (key rotation). */
    TWO_FACTOR_PREVIOUS_KEYS: commaList,
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.string().min(3).default('XRP Research <no-reply@localhost>'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_ID: optionalText,
    STRIPE_API_BASE: optionalText.pipe(httpUrl.optional()),
    BILLING_REQUIRE_STRIPE: booleanFlag.default(false),
    /** Production without Stripe keys runs the no-charge test mode only when this says so. */
    BILLING_TEST_MODE: booleanFlag.default(false),
    COINGECKO_API_BASE: httpUrl.default('https://api.coingecko.com/api/v3'),
    COINGECKO_API_KEY: optionalText,
    COINPAPRIKA_API_BASE: httpUrl.default('https://api.coinpaprika.com'),
    FEAR_GREED_API_BASE: httpUrl.default('https://api.alternative.me'),
    CRYPTOCOMPARE_API_BASE: httpUrl.default('https://min-api.cryptocompare.com'),
    CRYPTOCOMPARE_API_KEY: optionalText,
    /** XRPScan's public API: its well-known account names refresh the registry of known accounts. */
    XRPSCAN_API_BASE: httpUrl.default('https://api.xrpscan.com/api/v1'),
    XRPL_WS_URL: wsUrl.default('wss://xrplcluster.com'),
    XRPL_WS_FALLBACK_URL: wsUrl.default('wss://s2.ripple.com'),
    /** Tests: refuse every host not in OUTBOUND_ALLOW_HOSTS, so no test can reach the internet. */
    OUTBOUND_ONLY_ALLOWED: booleanFlag.default(false),
    OUTBOUND_ALLOW_HOSTS: commaList,
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    TRUST_PROXY: trustProxySetting,
    /** What the /ask page promises about the analysts' first reply. */
    ANALYST_RESPONSE_TIME: z.string().trim().min(3).max(80).default(DEFAULT_RESPONSE_TIME),
    /** The largest request body the API reads; a bigger one is refused with 413 before it is read. */
    MAX_BODY_BYTES: z.coerce
      .number({ error: 'must be a whole number of bytes between 1024 and 1073741824' })
      .int('must be a whole number of bytes between 1024 and 1073741824')
      .min(1024, 'must be a whole number of bytes between 1024 and 1073741824')
      .max(1024 ** 3, 'must be a whole number of bytes between 1024 and 1073741824')
      .default(1024 * 1024),
    ROLE: z.enum(['web', 'jobs', 'all'], { error: 'must be one of web, jobs, all' }).default('all'),
    /** Server processes with PostgreSQL (node:cluster; default: one per core). PGlite runs one. */
    WEB_CONCURRENCY: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ error: 'must be a whole number from 1 to 64' })
        .int('must be a whole number from 1 to 64')
        .min(1, 'must be a whole number from 1 to 64')
        .max(64, 'must be a whole number from 1 to 64')
        .optional(),
    ),
    SYNC_DISABLED: booleanFlag.default(false),
    SSE_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).max(300).default(25),
    SSE_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(6),
    SYNC_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    /** Password hashes that may wait for a hashing thread per process; past it, 503 (unset: derived, ADR 0065). */
    PASSWORD_HASH_QUEUE_MAX: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ error: 'must be a whole number from 0 to 10000' })
        .int('must be a whole number from 0 to 10000')
        .min(0, 'must be a whole number from 0 to 10000')
        .max(10_000, 'must be a whole number from 0 to 10000')
        .optional(),
    ),
    /** Shed new requests while the event loop's p99 delay over the last second exceeds this (0: off; unset: 1000 in production, else off). */
    SHED_EVENT_LOOP_DELAY_MS: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ error: 'must be a whole number of milliseconds from 0 to 60000' })
        .int('must be a whole number of milliseconds from 0 to 60000')
        .min(0, 'must be a whole number of milliseconds from 0 to 60000')
        .max(60_000, 'must be a whole number of milliseconds from 0 to 60000')
        .optional(),
    ),
    /** Shed new requests while more queries than this wait for a database connection (0: off; unset: 100 in production, else off). */
    SHED_DB_POOL_WAITING: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ error: 'must be a whole number from 0 to 100000' })
        .int('must be a whole number from 0 to 100000')
        .min(0, 'must be a whole number from 0 to 100000')
        .max(100_000, 'must be a whole number from 0 to 100000')
        .optional(),
    ),
    /** How long a sync holds its source; renewed while it runs, so a killed process frees it this soon. */
    /** PostgreSQL connections per process (each instance opens up to this many, plus one for LISTEN). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    /** PostgreSQL: a statement of the server running longer is cancelled (0: never); migrations are exempt. */
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    /** Market figures and news pages are kept in memory until a change is announced, or this long at most (0: off). */
    READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    SYNC_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
    /** Items kept from one feed per fetch, the newest first (a hostile feed is cut, and the cut logged). */
    NEWS_MAX_ITEMS_PER_FETCH: z.coerce.number().int().min(1).max(10_000).default(500),
    /** How long one call to a market API, feed or XRPL server may take before it counts as failed. */
    UPSTREAM_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(120).default(10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  })
  .superRefine((env, ctx) => {
    // Test mode hands out Premium without payment: a production server must not fall into it unasked.
    if (
      env.NODE_ENV === 'production' &&
      !env.STRIPE_SECRET_KEY &&
      !env.BILLING_TEST_MODE &&
      !env.BILLING_REQUIRE_STRIPE
    )
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_TEST_MODE'],
        message:
          'must be true to run without STRIPE_SECRET_KEY when NODE_ENV=production (test mode: Premium without payment); set the Stripe keys to take payments',
      });
    if (env.BILLING_REQUIRE_STRIPE) {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when BILLING_REQUIRE_STRIPE=true',
          });
      }
    }
  });

type RawEnv = z.infer<typeof envSchema>;

export type Env = Omit<RawEnv, 'PUBLIC_URL' | 'DATA_DIR'> & {
  PUBLIC_URL: string;
  /** Absolute path. */
  DATA_DIR: string;
};

export type EnvResult = { ok: true; env: Env } | { ok: false; errors: string[] };

/** Parses a set of variables; never exits, so tests can call it. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const errors = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = source[name];
      const got = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
      const message = issue.message.startsWith('Invalid') ? 'has an invalid value' : issue.message;
      return `${name} ${message}${got}`;
    });
    return { ok: false, errors: [...new Set(errors)] };
  }
  const raw = result.data;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return { ok: true, env: { ...raw, PUBLIC_URL: publicUrl, DATA_DIR: path.resolve(raw.DATA_DIR) } };
}

/** Reads process.env; on a bad value prints one line per variable and exits with status 1. */
export function loadEnv(overrides: Record<string, string | undefined> = {}): Env {
  const result = parseEnv({ ...process.env, ...overrides });
  if (!result.ok) {
    for (const line of result.errors) process.stderr.write(`Invalid configuration: ${line}\n`);
    process.exit(1);
  }
  return result.env;
}
