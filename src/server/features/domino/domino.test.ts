import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DominoList } from '@/domain/domino/domino.schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.handle.db
    .insertInto('domino_events')
    .values([
      {
        date: '2025-03-01',
        institution: 'Bank A',
        event: 'Pilot',
        impact: 'High',
        price_impact: '+12%',
        display_order: 3,
      },
      {
        date: '2025-05-01',
        institution: 'Bank B',
        event: 'Launch',
        impact: 'Medium',
        price_impact: '-3%',
        display_order: 2,
      },
      {
        date: '2025-06-01',
        institution: 'Bank C',
        event: 'Study',
        impact: 'Low',
        price_impact: null,
        display_order: 1,
      },
      { date: '2025-07-01', institution: 'Hidden', event: 'Draft', display_order: 4, is_active: false },
    ])
    .execute();
});
afterAll(async () => app?.close());

describe('GET /api/domino-events', () => {
  it('gives visitors and free users only the first 2 active events, with the total', async () => {
    const { cookie } = await app.signedInUser();
    for (const signedIn of [undefined, cookie]) {
      const body = (await (await app.client(signedIn)['domino-events'].$get()).json()) as DominoList;
      expect(body.total).toBe(3);
      expect(body.truncated).toBe(true);
      expect(body.events.map((event: { institution: string }) => event.institution)).toEqual([
        'Bank C',
        'Bank B',
      ]);
    }
  });

  it('gives premium members every active event by display order, then newest date', async () => {
    const { cookie } = await app.signedInUser({ plan: 'premium' });
    const body = (await (await app.client(cookie)['domino-events'].$get()).json()) as DominoList;
    expect(body).toMatchObject({ total: 3, truncated: false });
    expect(body.events).toEqual([
      expect.objectContaining({
        institution: 'Bank C',
        date: '2025-06-01',
        impact: 'Low',
        priceImpact: null,
      }),
      expect.objectContaining({ institution: 'Bank B', date: '2025-05-01' }),
      expect.objectContaining({ institution: 'Bank A', priceImpact: '+12%', impact: 'High' }),
    ]);
  });
});
