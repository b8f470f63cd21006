import { z } from 'zod';

/** SPEC §9: non-premium users see 2 institutional events. */
export const FREE_DOMINO_EVENTS = 2;

export const dominoEventSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    institution: z.string(),
    event: z.string(),
    impact: z.enum(['High', 'Medium', 'Low']),
    priceImpact: z.string().nullable(),
  })
  .meta({ id: 'DominoEvent' });
export type DominoEvent = z.infer<typeof dominoEventSchema>;

/** The public tracker: `total` active events, of which a non-premium viewer receives the first 2. */
export const dominoListSchema = z
  .object({ events: z.array(dominoEventSchema), total: z.number(), truncated: z.boolean() })
  .meta({ id: 'DominoList' });
export type DominoList = z.infer<typeof dominoListSchema>;
