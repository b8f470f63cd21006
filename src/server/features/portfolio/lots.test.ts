import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOTS_MAX, type LotView } from '@/domain/portfolio/portfolio.schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
let premium: { cookie: string; userId: string };

beforeAll(async () => {
  app = await createTestApp();
  premium = await app.signedInUser({ plan: 'premium' });
});

afterAll(async () => {
  await app.close();
});

const lots = (cookie: string) => app.client(cookie).portfolio.lots;

describe('manual holdings (lots)', () => {
  it('adds, lists, changes and deletes a lot, keeping amounts and costs exact', async () => {
    const created = await lots(premium.cookie).$post({
      json: { amountXrp: '1250.000001', acquiredOn: '2024-03-01', costUsdPerXrp: '0.5231', note: ' Kraken ' },
    });
    expect(created.status).toBe(201);
    const lot = (await created.json()) as LotView;
    expect(lot).toMatchObject({
      amountXrp: '1250.000001',
      acquiredOn: '2024-03-01',
      costUsdPerXrp: '0.5231',
      note: 'Kraken',
    });

    const unknownCost = (await (
      await lots(premium.cookie).$post({ json: { amountXrp: '40', acquiredOn: '', costUsdPerXrp: '' } })
    ).json()) as LotView;
    expect(unknownCost).toMatchObject({ amountXrp: '40', acquiredOn: null, costUsdPerXrp: null });

    const changed = await lots(premium.cookie)[':id'].$put({
      param: { id: lot.id },
      json: { amountXrp: '1300', acquiredOn: '2024-03-02', costUsdPerXrp: '0.6', note: '' },
    });
    expect(changed.status).toBe(200);
    const listed = await (await lots(premium.cookie).$get()).json();
    expect(listed.lots.map((item) => [item.amountXrp, item.acquiredOn, item.costUsdPerXrp])).toEqual([
      ['1300', '2024-03-02', '0.6'],
      ['40', null, null],
    ]);

    expect((await lots(premium.cookie)[':id'].$delete({ param: { id: unknownCost.id } })).status).toBe(204);
    expect((await lots(premium.cookie)[':id'].$delete({ param: { id: unknownCost.id } })).status).toBe(404);
    await lots(premium.cookie)[':id'].$delete({ param: { id: lot.id } });
  });

  it('refuses a bad lot with the rule broken, and changes nothing', async () => {
    const refused = await lots(premium.cookie).$post({
      json: { amountXrp: '1.0000001', acquiredOn: '2999-01-01', costUsdPerXrp: '$1' },
    });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as unknown as { error: { message: string } };
    expect(body.error.message).toContain('Enter an XRP amount above 0, with at most 6 decimals');
    expect((await (await lots(premium.cookie).$get()).json()).lots).toEqual([]);
  });

  it("keeps one member's lots from another: not listed, not changed, not deleted (404)", async () => {
    const other = await app.signedInUser({ plan: 'premium' });
    const mine = (await (
      await lots(premium.cookie).$post({ json: { amountXrp: '77', acquiredOn: '', costUsdPerXrp: '' } })
    ).json()) as LotView;
    expect((await (await lots(other.cookie).$get()).json()).lots).toEqual([]);
    const put = await lots(other.cookie)[':id'].$put({
      param: { id: mine.id },
      json: { amountXrp: '1', acquiredOn: '', costUsdPerXrp: '' },
    });
    expect(put.status).toBe(404);
    expect((await lots(other.cookie)[':id'].$delete({ param: { id: mine.id } })).status).toBe(404);
    expect((await (await lots(premium.cookie).$get()).json()).lots.map((lot) => lot.amountXrp)).toEqual([
      '77',
    ]);
    await lots(premium.cookie)[':id'].$delete({ param: { id: mine.id } });
  });

  it('imports a file all or nothing, and exports what it imports', async () => {
    const bad = await lots(premium.cookie).import.$post({
      json: { csv: 'amount_xrp,acquired_on,cost_usd_per_xrp\n100,2024-01-01,0.5\n-3,2024-01-01,0.5\n' },
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      error: {
        code: 'validation_error',
        message: 'Nothing was imported: a line needs fixing',
        issues: [
          { path: 'line 3', message: 'amount_xrp: Enter an XRP amount above 0, with at most 6 decimals' },
        ],
      },
    });
    expect((await (await lots(premium.cookie).$get()).json()).lots).toEqual([]);

    const file = 'amount_xrp,acquired_on,cost_usd_per_xrp,note\n100,2024-01-01,0.5,"Bitstamp, old"\n2.5,,,\n';
    const imported = await lots(premium.cookie).import.$post({ json: { csv: file } });
    expect(await imported.json()).toEqual({ imported: 2 });
    const exported = await lots(premium.cookie).export.$get();
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="xrp-portfolio-lots.csv"');
    const bytes = new Uint8Array(await exported.arrayBuffer());
    // UTF-8 with its byte-order mark, so a spreadsheet reads the notes right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'amount_xrp,acquired_on,cost_usd_per_xrp,note\n100,2024-01-01,0.5,"Bitstamp, old"\n2.5,,,',
    );
  });

  it(`holds at most ${LOTS_MAX} lots, and says so`, async () => {
    const member = await app.signedInUser({ plan: 'premium' });
    const rows = Array.from({ length: LOTS_MAX - 1 }, () => '1').join('\n');
    expect(
      await (await lots(member.cookie).import.$post({ json: { csv: `amount_xrp\n${rows}\n` } })).json(),
    ).toEqual({
      imported: LOTS_MAX - 1,
    });
    const tooMany = await lots(member.cookie).import.$post({ json: { csv: 'amount_xrp\n1\n2\n' } });
    expect(tooMany.status).toBe(422);
    expect(await tooMany.text()).toContain('Only 1 more holding fits (at most 500 in all)');
    expect(
      (await lots(member.cookie).$post({ json: { amountXrp: '1', acquiredOn: '', costUsdPerXrp: '' } }))
        .status,
    ).toBe(201);
    const past = await lots(member.cookie).$post({
      json: { amountXrp: '1', acquiredOn: '', costUsdPerXrp: '' },
    });
    expect(past.status).toBe(409);
    expect(await past.text()).toContain('You can keep at most 500 holdings');
  });

  it('is Premium: a free member is refused and nothing is stored', async () => {
    const free = await app.signedInUser();
    const refused = await lots(free.cookie).$post({
      json: { amountXrp: '1', acquiredOn: '', costUsdPerXrp: '' },
    });
    expect(refused.status).toBe(403);
    const count = await app.handle.db
      .selectFrom('portfolio_lots')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', free.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });
});
