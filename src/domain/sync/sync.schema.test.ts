import { describe, expect, it } from 'vitest';
import { nextSyncLabel, syncFrequencyUpdateSchema } from './sync.schema';

describe('sync rules', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it("labels the next sync 'Due now', 'Not scheduled' or the time left", () => {
    expect(nextSyncLabel(null, now)).toBe('Not scheduled');
    expect(nextSyncLabel('2026-01-01T11:59:00Z', now)).toBe('Due now');
    expect(nextSyncLabel('2026-01-01T12:00:00Z', now)).toBe('Due now');
    expect(nextSyncLabel('2026-01-01T12:04:10Z', now)).toBe('5m');
    expect(nextSyncLabel('2026-01-01T14:30:00Z', now)).toBe('2h 30m');
  });

  it('refuses a frequency under 5 minutes with its message', () => {
    const result = syncFrequencyUpdateSchema.safeParse({ syncFrequencyMinutes: 4 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Minimum sync frequency is 5 minutes');
    expect(syncFrequencyUpdateSchema.safeParse({ syncFrequencyMinutes: 5 }).success).toBe(true);
  });
});
