import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectStartupGarbage, collectWhenStarted, releaseStartupMemory } from './startup-memory';

const mb = (bytes: number) => bytes / 1024 / 1024;
const newSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!;

describe('start-up memory', () => {
  it('frees what start-up left behind and shrinks the young generation', () => {
    // What loading modules leaves: many objects, referenced for a while (while this function runs),
    // then garbage.
    (() => {
      const held = Array.from({ length: 200 }, () => Array.from({ length: 25_000 }, (_, i) => i));
      expect(held).toHaveLength(200);
    })();
    const before = process.memoryUsage().heapUsed;
    const ms = collectStartupGarbage();
    expect(ms).toBeGreaterThan(0);
    expect(mb(before - process.memoryUsage().heapUsed)).toBeGreaterThan(30);
    // The young generation is back to its smallest (V8 grows it again under load).
    expect(mb(newSpace().space_size)).toBeLessThanOrEqual(2);
    // A second call works the same (V8's gc() is taken once), and no `gc` global was left behind.
    expect(collectStartupGarbage()).toBeGreaterThan(0);
    expect('gc' in globalThis).toBe(false);
  });

  it('tells the threads that wait for it, then collects its own', async () => {
    const collected: number[] = [];
    collectWhenStarted((ms) => collected.push(ms));
    const ms = await releaseStartupMemory(0);
    expect(ms).toBeGreaterThan(0);
    await expect.poll(() => collected.length).toBe(1);
  });
});
