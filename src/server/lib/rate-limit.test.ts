import { describe, expect, it } from 'vitest';
import { waitText } from './rate-limit';

describe('how long to wait, as a refusal says it', () => {
  it('uses the largest unit that fits, rounded up, never "0"', () => {
    expect(waitText(0)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(584)).toBe('10 minutes');
    expect(waitText(3591)).toBe('1 hour');
    expect(waitText(59.4)).toBe('1 minute');
    expect(waitText(3600)).toBe('1 hour');
    expect(waitText(7201)).toBe('3 hours');
  });
});
