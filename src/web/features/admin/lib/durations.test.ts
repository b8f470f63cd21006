import { describe, expect, it } from 'vitest';
import { formatDuration } from './durations';

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [45.4, '45 s'],
    [60, '1 min'],
    [12 * 60 + 20, '12 min'],
    [59 * 60 + 40, '1 h'],
    [3 * 3600 + 12 * 60, '3 h 12 min'],
    [3 * 3600 + 10, '3 h'],
    [24 * 3600 - 10, '1 d'],
    [2 * 86_400 + 4 * 3600 + 20 * 60, '2 d 4 h'],
    [-5, '0 s'],
  ])('%s seconds read "%s"', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
