import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Makes `Date` read `now` in every test of the file (call it at the top of the file): only `Date` is
 * faked, so timers and promises run as usual; real time is back after each test.
 */
export function freezeDate(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
