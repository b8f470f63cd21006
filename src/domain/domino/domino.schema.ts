import { z } from 'zod';

/** Non-premium users see 2 institutional events. */
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

export const dominoImpactSchema = z.enum(['High', 'Medium', 'Low']);

/** What an admin sees: every event, active or not, with its order and who touched it last. */
export const adminDominoEventSchema = dominoEventSchema
  .extend({
    isActive: z.boolean(),
    displayOrder: z.number(),
    createdBy: z.string().nullable(),
    updatedBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminDominoEvent' });
export type AdminDominoEvent = z.infer<typeof adminDominoEventSchema>;

const isoDate = z
  .string()
  .min(1, 'Enter the date of the event')
  .pipe(z.iso.date('Enter the date as YYYY-MM-DD'));
const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);

/** The Domino event form: impact defaults to Medium; the price impact is optional free text. */
export const dominoEventInputSchema = z
  .object({
    date: isoDate,
    institution: text('Institution', 200),
    event: text('Event', 1000),
    impact: dominoImpactSchema.default('Medium'),
    priceImpact: z
      .string()
      .trim()
      .max(50, 'Price impact is at most 50 characters')
      .nullish()
      .transform((value) => (value ? value : null)),
    isActive: z.boolean().default(true),
  })
  .meta({ id: 'DominoEventInput' });
export type DominoEventInput = z.infer<typeof dominoEventInputSchema>;

export const dominoEventPatchSchema = z
  .object({
    date: isoDate,
    institution: text('Institution', 200),
    event: text('Event', 1000),
    impact: dominoImpactSchema,
    priceImpact: z
      .string()
      .trim()
      .max(50, 'Price impact is at most 50 characters')
      .nullable()
      .transform((value) => (value ? value : null)),
    isActive: z.boolean(),
  })
  .partial()
  .meta({ id: 'DominoEventPatch' });
export type DominoEventPatch = z.infer<typeof dominoEventPatchSchema>;

export const dominoMoveSchema = z.object({ direction: z.enum(['up', 'down']) }).meta({ id: 'DominoMove' });
