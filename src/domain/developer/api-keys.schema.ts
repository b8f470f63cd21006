import { z } from 'zod';

/** Active keys one Premium member may hold. */
export const MAX_API_KEYS = 10;
/** Premium's API access for developers: 60 requests a minute per key. */
export const API_KEY_RATE_LIMIT = { window: 60, max: 60 };
export const API_KEY_PREFIX = 'xrpr_';

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The first characters of the key, to tell keys apart; the key itself is shown once. */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** Requests per day over the last 7 days, oldest first (days without requests omitted). */
    usage: z.array(z.object({ day: z.string(), requests: z.number().int() })),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });

export const apiKeyInputSchema = z
  .object({ name: z.string().trim().min(1, 'Name the key').max(60, 'Keep the name under 60 characters') })
  .meta({ id: 'ApiKeyInput' });
