import { z } from 'zod';

/** What a named account is; the kinds of flow a payment counts as are read from these. */
export const ACCOUNT_CATEGORIES = [
  'exchange',
  'ripple',
  'custodian',
  'etf_custodian',
  'market_maker',
  'issuer',
  'other',
] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<AccountCategory, string> = {
  exchange: 'Exchange',
  ripple: 'Ripple',
  custodian: 'Custodian',
  etf_custodian: 'ETF custodian',
  market_maker: 'Market maker',
  issuer: 'Issuer',
  other: 'Other',
};

/** Where a name came from: the list shipped with the site, an administrator, or XRPScan's names. */
export const ACCOUNT_ORIGINS = ['curated', 'admin', 'xrpscan'] as const;
export type AccountOrigin = (typeof ACCOUNT_ORIGINS)[number];

/** A classic address: r, then 24 to 34 base58 characters of the XRP Ledger's alphabet. */
export const classicAddressSchema = z
  .string()
  .trim()
  .regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, 'must be an XRP Ledger address (r…)');

const nameText = (what: string, max: number) =>
  z.string().trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);

export const knownAccountSchema = z
  .object({
    address: z.string(),
    /** The account's own name as its source gives it ("Binance 12"). */
    label: z.string(),
    /** Who owns it ("Binance"): flows and reserves are summed per entity. */
    entity: z.string(),
    category: z.enum(ACCOUNT_CATEGORIES),
    sourceName: z.string(),
    sourceUrl: z.string(),
    origin: z.enum(ACCOUNT_ORIGINS),
    /** When the name was last confirmed against its source from this site; null: never. */
    checkedAt: z.string().nullable(),
    retiredAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'KnownAccount' });
export type KnownAccount = z.infer<typeof knownAccountSchema>;

export const knownAccountInputSchema = z.object({
  address: classicAddressSchema,
  label: nameText('Name', 80),
  entity: nameText('Entity', 80),
  category: z.enum(ACCOUNT_CATEGORIES, { error: 'Choose a category' }),
  sourceName: nameText('Source', 120),
  sourceUrl: z.url({ protocol: /^https?$/, error: 'Source link must be an http(s) address' }).max(500),
});
export type KnownAccountInput = z.infer<typeof knownAccountInputSchema>;

export const knownAccountPatchSchema = knownAccountInputSchema
  .omit({ address: true })
  .partial()
  .extend({ retired: z.boolean().optional() });
export type KnownAccountPatch = z.infer<typeof knownAccountPatchSchema>;

/** Every account of `from` becomes `into`'s: two names for one owner. */
export const entityMergeSchema = z.object({
  from: nameText('Entity', 80),
  into: nameText('Entity', 80),
});
