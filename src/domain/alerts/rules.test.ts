import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertRuleInputSchema, describeRule } from './alerts.schema';
import {
  deliveryDueAt,
  digestDueAt,
  evaluateCrossing,
  evaluatePercent,
  groupDigest,
  quietHoursEnd,
  percentHistory,
  referenceIsUsable,
  type Side,
} from './rules';

const run = (
  direction: 'above' | 'below' | 'crosses',
  target: number,
  prices: number[],
  start: Side | null,
) => {
  let side = start;
  const fired: number[] = [];
  for (const price of prices) {
    const result = evaluateCrossing(direction, target, side, price);
    if (result.fire) fired.push(price);
    side = result.side;
  }
  return fired;
};

describe('price crossings', () => {
  it('fires once when the price crosses up, and again only after it went back below', () => {
    expect(run('above', 0.7, [0.65, 0.69, 0.71, 0.72, 0.75, 0.71], 'below')).toEqual([0.71]);
    expect(run('above', 0.7, [0.71, 0.69, 0.7, 0.68, 0.73], 'below')).toEqual([0.71, 0.7, 0.73]);
  });

  it('a price exactly at the target has reached it', () => {
    expect(run('above', 0.7, [0.7], 'below')).toEqual([0.7]);
    expect(run('below', 0.7, [0.7], 'above')).toEqual([]);
  });

  it('below fires on the way down; crosses fires both ways', () => {
    expect(run('below', 0.5, [0.52, 0.49, 0.48, 0.51, 0.47], 'above')).toEqual([0.49, 0.47]);
    expect(run('crosses', 0.5, [0.52, 0.49, 0.48, 0.51, 0.47], 'above')).toEqual([0.49, 0.51, 0.47]);
  });

  it('the first value only sets the side: a rule made above its target does not fire at once', () => {
    expect(run('above', 0.7, [0.75, 0.8], null)).toEqual([]);
    expect(run('above', 0.7, [0.75, 0.65, 0.72], null)).toEqual([0.72]);
  });

  it('fires exactly once per move to the rule side, for any price path', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.1, max: 2, noNaN: true }), { maxLength: 60 }), (prices) => {
        const target = 1;
        const sides = prices.map((price) => (price >= target ? 'above' : 'below'));
        const upMoves = sides.filter(
          (side, index) => index > 0 && side === 'above' && sides[index - 1] === 'below',
        );
        expect(run('above', target, prices, null)).toHaveLength(upMoves.length);
      }),
    );
  });
});

describe('percentage moves', () => {
  const hour = 3_600_000;
  const at = new Date('2026-05-01T12:00:00Z');
  const reference = { price: 0.5, at: new Date(at.getTime() - hour) };
  const rule = { direction: 'either' as const, percent: 5, windowMs: hour, lastFiredAt: null };

  it('fires on a move of at least N % either way within the window', () => {
    expect(evaluatePercent(rule, { price: 0.525, at }, reference).fire).toBe(true);
    expect(evaluatePercent(rule, { price: 0.475, at }, reference).fire).toBe(true);
    expect(evaluatePercent(rule, { price: 0.52, at }, reference)).toEqual({
      fire: false,
      change: expect.closeTo(4, 5),
    });
  });

  it('up and down only see their own direction', () => {
    expect(evaluatePercent({ ...rule, direction: 'up' }, { price: 0.45, at }, reference).fire).toBe(false);
    expect(evaluatePercent({ ...rule, direction: 'down' }, { price: 0.45, at }, reference).fire).toBe(true);
  });

  it('waits one window after firing before it fires again', () => {
    const fired = { ...rule, lastFiredAt: new Date(at.getTime() - hour / 2) };
    expect(evaluatePercent(fired, { price: 0.6, at }, reference).fire).toBe(false);
    const later = { ...rule, lastFiredAt: new Date(at.getTime() - hour) };
    expect(evaluatePercent(later, { price: 0.6, at }, reference).fire).toBe(true);
  });

  it('needs a reference price one window back, and not much older', () => {
    expect(evaluatePercent(rule, { price: 0.9, at }, null).fire).toBe(false);
    expect(referenceIsUsable(reference.at, at, hour)).toBe(true);
    expect(referenceIsUsable(new Date(at.getTime() - hour / 2), at, hour)).toBe(false);
    expect(referenceIsUsable(new Date(at.getTime() - 2 * hour), at, hour)).toBe(false);
  });
});

describe('quiet hours', () => {
  const night = { enabled: true, start: '22:00', end: '08:00' };

  it('hold until the end of a range over midnight, in the user timezone', () => {
    const quiet = { ...night, timezone: 'America/New_York' };
    // 23:30 in New York (EDT) → 08:00 the next morning.
    expect(quietHoursEnd(new Date('2026-06-02T03:30:00Z'), quiet)).toEqual(new Date('2026-06-02T12:00:00Z'));
    // 07:00 → 08:00 the same morning.
    expect(quietHoursEnd(new Date('2026-06-02T11:00:00Z'), quiet)).toEqual(new Date('2026-06-02T12:00:00Z'));
    // Noon and 08:00 sharp are outside.
    expect(quietHoursEnd(new Date('2026-06-02T16:00:00Z'), quiet)).toBeNull();
    expect(quietHoursEnd(new Date('2026-06-02T12:00:00Z'), quiet)).toBeNull();
  });

  it('a daytime range, an empty range, and switched off', () => {
    const lunch = { enabled: true, start: '12:00', end: '13:30', timezone: 'Europe/Paris' };
    expect(quietHoursEnd(new Date('2026-01-10T11:15:00Z'), lunch)).toEqual(new Date('2026-01-10T12:30:00Z'));
    expect(quietHoursEnd(new Date('2026-01-10T13:00:00Z'), lunch)).toBeNull();
    expect(
      quietHoursEnd(new Date('2026-01-10T23:00:00Z'), { ...night, start: '08:00', timezone: 'UTC' }),
    ).toBeNull();
    expect(
      quietHoursEnd(new Date('2026-01-10T23:00:00Z'), { ...night, enabled: false, timezone: 'UTC' }),
    ).toBeNull();
  });

  it('end at the right instant across the DST changes', () => {
    // New York springs forward on 8 March 2026: 23:00 EST the evening before → 08:00 EDT = 12:00Z.
    const york = { ...night, timezone: 'America/New_York' };
    expect(quietHoursEnd(new Date('2026-03-08T04:00:00Z'), york)).toEqual(new Date('2026-03-08T12:00:00Z'));
    // …and falls back on 1 November 2026: 23:00 EDT → 08:00 EST = 13:00Z.
    expect(quietHoursEnd(new Date('2026-11-01T03:00:00Z'), york)).toEqual(new Date('2026-11-01T13:00:00Z'));
    // London springs forward on 29 March 2026: 23:00 GMT → 08:00 BST = 07:00Z.
    const london = { ...night, timezone: 'Europe/London' };
    expect(quietHoursEnd(new Date('2026-03-28T23:00:00Z'), london)).toEqual(new Date('2026-03-29T07:00:00Z'));
    // Los Angeles, the same night as New York: 22:30 PST → 08:00 PDT = 15:00Z.
    const angeles = { ...night, timezone: 'America/Los_Angeles' };
    expect(quietHoursEnd(new Date('2026-03-08T06:30:00Z'), angeles)).toEqual(
      new Date('2026-03-08T15:00:00Z'),
    );
  });

  it('Tokyo has no DST: 23:00 JST → 08:00 JST', () => {
    const tokyo = { ...night, timezone: 'Asia/Tokyo' };
    expect(quietHoursEnd(new Date('2026-06-01T14:00:00Z'), tokyo)).toEqual(new Date('2026-06-01T23:00:00Z'));
  });
});

describe('digests', () => {
  it('hourly is due at the next full hour, daily at the next 08:00 local', () => {
    const now = new Date('2026-06-02T14:15:00Z'); // 10:15 in New York
    expect(digestDueAt(now, 'instant', 'America/New_York')).toEqual(now);
    expect(digestDueAt(now, 'hourly', 'America/New_York')).toEqual(new Date('2026-06-02T15:00:00Z'));
    expect(digestDueAt(now, 'daily', 'America/New_York')).toEqual(new Date('2026-06-03T12:00:00Z'));
    expect(digestDueAt(new Date('2026-06-02T10:00:00Z'), 'daily', 'America/New_York')).toEqual(
      new Date('2026-06-02T12:00:00Z'),
    );
    // Chicago on the night it falls back: next 08:00 is CST.
    expect(digestDueAt(new Date('2026-11-01T04:00:00Z'), 'daily', 'America/Chicago')).toEqual(
      new Date('2026-11-01T14:00:00Z'),
    );
  });

  it('quiet hours move a due email or push to their end; push is never batched', () => {
    const preferences = {
      frequency: 'daily' as const,
      quiet: { enabled: true, start: '22:00', end: '09:00', timezone: 'Europe/Paris' },
    };
    const evening = new Date('2026-06-02T21:00:00Z'); // 23:00 in Paris
    expect(deliveryDueAt(evening, preferences, 'email')).toEqual(new Date('2026-06-03T07:00:00Z'));
    expect(deliveryDueAt(evening, preferences, 'push')).toEqual(new Date('2026-06-03T07:00:00Z'));
    const noon = new Date('2026-06-02T10:00:00Z');
    expect(deliveryDueAt(noon, preferences, 'push')).toEqual(noon);
  });

  it('groups a digest by alert type, oldest first, and names the count', () => {
    const item = (type: 'price' | 'whale' | 'adoption', title: string, minute: number) => ({
      type,
      title,
      body: '',
      url: null,
      createdAt: new Date(Date.UTC(2026, 5, 2, 10, minute)),
    });
    const digest = groupDigest([
      item('whale', 'W2', 5),
      item('adoption', 'A1', 1),
      item('price', 'P1', 3),
      item('whale', 'W1', 2),
    ]);
    expect(digest.subject).toBe('4 new XRP alerts');
    expect(
      digest.sections.map((section) => [section.type, section.items.map((entry) => entry.title)]),
    ).toEqual([
      ['price', ['P1']],
      ['whale', ['W1', 'W2']],
      ['adoption', ['A1']],
    ]);
    expect(groupDigest([item('price', 'XRP goes above $0.70', 0)]).subject).toBe('XRP goes above $0.70');
  });
});

describe('rule input', () => {
  it('defaults a price rule to above and checks the target', () => {
    expect(alertRuleInputSchema.parse({ kind: 'price', target: 0.7 })).toEqual({
      kind: 'price',
      target: 0.7,
      direction: 'above',
    });
    expect(alertRuleInputSchema.safeParse({ kind: 'price', target: -1 }).success).toBe(false);
    expect(alertRuleInputSchema.safeParse({ kind: 'fear_greed', target: 100 }).success).toBe(false);
    expect(alertRuleInputSchema.safeParse({ kind: 'percent', percent: 5, window: '7d' }).success).toBe(false);
  });

  it('says what a rule watches', () => {
    expect(
      describeRule({ kind: 'price', direction: 'above', target: 0.7, percent: null, window: null }),
    ).toBe('XRP goes above $0.70');
    expect(
      describeRule({ kind: 'price', direction: 'crosses', target: 0.6543, percent: null, window: null }),
    ).toBe('XRP crosses $0.6543');
    expect(
      describeRule({ kind: 'percent', direction: 'either', target: null, percent: 5, window: '1h' }),
    ).toBe('XRP moves ±5% within 1 hour');
    expect(
      describeRule({ kind: 'fear_greed', direction: 'below', target: 25, percent: null, window: null }),
    ).toBe('Fear & Greed goes below 25');
  });
});

describe('percentHistory: when a percentage rule can first fire, from the stored prices', () => {
  const hour = 3_600_000;
  const day = 24 * hour;
  const now = new Date('2026-11-27T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('is ready with a stored price one window back, not older than one and a half windows', () => {
    const stored = {
      referenceAt: ago(hour + 60_000),
      oldestRecentAt: ago(hour - 60_000),
      latestHasDayChange: false,
    };
    expect(percentHistory(hour, now, stored)).toEqual({ ready: true });
    // A gap in the data: the only older price is two hours old, so the hour starts at the oldest recent one.
    expect(percentHistory(hour, now, { ...stored, referenceAt: ago(2 * hour) })).toEqual({
      ready: false,
      readyAt: new Date(ago(hour - 60_000).getTime() + hour),
    });
  });

  it('a fresh install waits one window after its first stored price', () => {
    const stored = { referenceAt: null, oldestRecentAt: ago(3 * hour), latestHasDayChange: false };
    expect(percentHistory(day, now, stored)).toEqual({
      ready: false,
      readyAt: new Date(now.getTime() + 21 * hour),
    });
    expect(percentHistory(hour, now, { ...stored, oldestRecentAt: ago(10 * 60_000) })).toEqual({
      ready: false,
      readyAt: new Date(now.getTime() + 50 * 60_000),
    });
  });

  it("a 24-hour rule is ready with CoinGecko's own 24-hour change; an hour rule is not", () => {
    const stored = { referenceAt: null, oldestRecentAt: ago(60_000), latestHasDayChange: true };
    expect(percentHistory(day, now, stored)).toEqual({ ready: true });
    expect(percentHistory(hour, now, stored)).toEqual({
      ready: false,
      readyAt: new Date(now.getTime() + hour - 60_000),
    });
  });

  it('cannot name a time when no price of the last window is stored', () => {
    const stored = { referenceAt: ago(5 * day), oldestRecentAt: null, latestHasDayChange: false };
    expect(percentHistory(day, now, stored)).toEqual({ ready: false, readyAt: null });
  });
});
