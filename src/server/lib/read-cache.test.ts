import { describe, expect, it } from 'vitest';
import { singleFlight } from './read-cache';

describe('singleFlight', () => {
  it('shares one running call between callers with the same key, and keeps nothing after it', async () => {
    let calls = 0;
    const release: (() => void)[] = [];
    const read = singleFlight(
      async (key: string) => {
        calls += 1;
        const call = calls;
        await new Promise<void>((resolve) => release.push(resolve));
        return `${key}#${call}`;
      },
      (key) => key,
    );
    const together = [read('a'), read('a'), read('b')];
    expect(calls).toBe(2);
    release.forEach((go) => go());
    expect(await Promise.all(together)).toEqual(['a#1', 'a#1', 'b#2']);
    // Once it ended, the next caller starts a fresh call (and sees whatever changed meanwhile).
    const later = read('a');
    expect(calls).toBe(3);
    release[2]!();
    expect(await later).toBe('a#3');
  });

  it('passes a failure to every waiting caller, and the next call tries again', async () => {
    let calls = 0;
    const read = singleFlight(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database went away');
        return 'ok';
      },
      () => 'key',
    );
    const results = await Promise.allSettled([read(), read()]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await read()).toBe('ok');
    expect(calls).toBe(2);
  });
});
