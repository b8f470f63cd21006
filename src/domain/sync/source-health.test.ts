import { describe, expect, it } from 'vitest';
import { sourceDownNote, sourceUnavailableNote, type SourceHealth } from './source-health';

const time = (iso: string) => `[${iso}]`;
const source = (health: Partial<SourceHealth>): SourceHealth => ({
  name: 'alternative.me',
  everSucceeded: true,
  lastSuccessAt: '2026-11-24T08:00:00.000Z',
  failingSince: null,
  ...health,
});

describe('what a card says about its source', () => {
  it('says nothing while the source answers', () => {
    expect(sourceUnavailableNote(source({}), time, 'the index')).toBeNull();
    expect(sourceDownNote(source({}), time)).toBeNull();
  });

  it('before any figure: not available yet, and why', () => {
    const never = source({ everSucceeded: false, lastSuccessAt: null });
    expect(sourceUnavailableNote(never, time, 'the index')).toBe(
      'Not available yet — the index has not been read yet',
    );
    expect(
      sourceUnavailableNote({ ...never, failingSince: '2026-11-25T09:14:00.000Z' }, time, 'the index'),
    ).toBe('Not available yet — alternative.me unreachable since [2026-11-25T09:14:00.000Z]');
    expect(sourceDownNote(never, time)).toBeNull();
  });

  it('after a figure: the last one stays, said to be the last while the source fails', () => {
    const down = source({ failingSince: '2026-11-25T09:14:00.000Z' });
    expect(sourceUnavailableNote(down, time, 'the index')).toBeNull();
    expect(sourceDownNote(down, time)).toBe(
      'alternative.me unreachable since [2026-11-25T09:14:00.000Z]: this is the last reading stored',
    );
  });
});
