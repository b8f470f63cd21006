import { z } from 'zod';

export const fearGreedClassificationSchema = z.enum([
  'Extreme Fear',
  'Fear',
  'Neutral',
  'Greed',
  'Extreme Greed',
]);
export type FearGreedClassification = z.infer<typeof fearGreedClassificationSchema>;

/** alternative.me's bands, used when an entry's label is missing or unknown. */
export function classifyFearGreed(value: number): FearGreedClassification {
  if (value <= 24) return 'Extreme Fear';
  if (value <= 44) return 'Fear';
  if (value <= 55) return 'Neutral';
  if (value <= 74) return 'Greed';
  return 'Extreme Greed';
}
