import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { cutNote, FEED_WORK_BUDGET_MS, warnOverBudget } from './news.job';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

describe('news sync budget', () => {
  const work = { feed: 'Slow Wire', items: 500, itemsInFeed: 50_000, inserted: 480 };

  it('writes a warn line with the feed name, items and ms when a feed overruns the budget', async () => {
    const { logger, lines } = capture();
    expect(warnOverBudget(logger, { ...work, parseMs: 2_400.4, storeMs: 1_100.2 })).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'news feed sync over budget',
      feed: 'Slow Wire',
      items: 500,
      itemsInFeed: 50_000,
      ms: 3_501,
      parseMs: 2_400,
      storeMs: 1_100,
      budgetMs: FEED_WORK_BUDGET_MS,
    });
  });

  it('writes nothing for a feed within the budget', async () => {
    const { logger, lines } = capture();
    expect(warnOverBudget(logger, { ...work, parseMs: 40, storeMs: 300 })).toBe(false);
    expect(warnOverBudget(logger, { ...work, parseMs: 40, storeMs: 300 }, 100)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.budgetMs)).toEqual([100]);
  });

  it('tells the admin how many items were kept, with thousands separators', () => {
    expect(cutNote('Hostile', { kept: 500, total: 50_000 })).toBe(
      'Hostile: kept the newest 500 of 50,000 items',
    );
  });
});
