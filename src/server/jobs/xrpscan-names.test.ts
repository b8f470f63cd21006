import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedAccounts } from '@/domain/known-accounts/curated';
import { startFakeUpstreams, type FakeUpstreams } from '../../../tests/support/fake-upstreams';
import { json } from '../../../tests/support/fixture-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { fixture } from '../../../tests/support/upstream-fixtures';

// Shipped names XRPScan lists (tests/fixtures/xrpscan/well-known-names.json).
const BINANCE = 'rs8ZPbYqgecRcDzQpJYAMhSxSi5htsjnza';
const BINANCE_12 = 'rPJ5GFpyDLv7gqeB1uZVUBwDwi41kaXN5A';
const UPHOLD_3 = 'rMdG3ju8pgyVh29ELPWaDuA74CpWW6Fxns';
// Shipped as "Bitstamp 1"; XRPScan calls it "Bitstamp".
const BITSTAMP_1 = 'rDsbeomae4FXwgQTJp9Rs64Qg9vDiTCdBv';
// A shipped name XRPScan's list leaves out.
const KRAKEN_1 = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';
// Named by XRPScan only.
const COINBASE_2 = 'rw2ciyaNshpHe7bCHo4bRWq6pqqynnWKQg';
const TIP_BOT = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';
const BITRUE = 'raLPjTYeGezfdb6crXZzcC8RkLBEwbBHJ5';
// Left out: an address whose checksum fails, and an entry without a name.
const MISTYPED = 'rPJ5GFpyDLv7gqeB1uZVUBwDwi41kaXN5B';
const NAMELESS = 'rwpTh9DDa52XkM9nTKp2QrJuCGV5d1mQVP';

const NAMES_PATH = '/xrpscan/names/well-known';
/** The reason the refresh's audit rows give: no administrator made them. */
const REFRESH_REASON = 'XRPScan well-known names refresh';
const recorded = fixture<{ account: string }[]>('xrpscan/well-known-names.json');

let fakes: FakeUpstreams;
let app: TestApp;
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  fakes = await startFakeUpstreams({ mode: 'recorded' });
  app = await createTestApp({ env: fakes.env });
  admin = await app.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await app?.close();
  await fakes?.close();
});

async function refresh() {
  const outcome = await app.syncSource('xrpscan_names');
  if (outcome.status === 'skipped') throw new Error('the run was skipped');
  return outcome.log;
}

const registry = () => app.handle.db.selectFrom('known_accounts').selectAll().orderBy('address').execute();
const row = async (address: string) => (await registry()).find((entry) => entry.address === address);
const refreshAudits = () =>
  app.handle.db
    .selectFrom('admin_audit_logs')
    .selectAll()
    .where('reason', '=', REFRESH_REASON)
    .orderBy('created_at')
    .execute();

describe("the refresh from XRPScan's well-known names", () => {
  it('confirms the names it lists, adds the addresses the registry lacks, and renames nothing', async () => {
    const edit = (address: string, json: Record<string, unknown>) =>
      app.client(admin.cookie).admin['known-accounts'][':address'].$patch({ param: { address }, json });
    expect((await edit(BINANCE_12, { label: 'Binance cold 12' })).status).toBe(200);
    expect((await edit(UPHOLD_3, { retired: true })).status).toBe(200);

    const log = await refresh();
    expect(log.status).toBe('success');
    expect(log.details).toBe("5 confirmed, 3 added, 2 names differ from XRPScan's, 2 entries skipped");
    expect(log.records_processed).toBe(8);

    // Shipped with the same name: confirmed, otherwise as it was.
    expect(await row(BINANCE)).toMatchObject({
      label: 'Binance',
      origin: 'curated',
      checked_at: expect.any(Date),
    });
    // An administrator's name and a shipped one that differ from XRPScan's stay ours, confirmed.
    expect(await row(BINANCE_12)).toMatchObject({
      label: 'Binance cold 12',
      entity: 'Binance',
      category: 'exchange',
      origin: 'admin',
      checked_at: expect.any(Date),
    });
    expect(await row(BITSTAMP_1)).toMatchObject({
      label: 'Bitstamp 1',
      origin: 'curated',
      checked_at: expect.any(Date),
    });
    // Retired stays retired, and is not confirmed; a shipped name XRPScan does not list stays unconfirmed.
    expect(await row(UPHOLD_3)).toMatchObject({ retired_at: expect.any(Date), checked_at: null });
    expect(await row(KRAKEN_1)).toMatchObject({ checked_at: null });

    // XRPScan's own names: its label, the owner without the number, filed as 'other' until reclassified.
    expect(await row(COINBASE_2)).toMatchObject({
      label: 'Coinbase 2',
      entity: 'Coinbase',
      category: 'other',
      origin: 'xrpscan',
      source_name: 'XRPScan well-known names',
      source_url: `https://xrpscan.com/account/${COINBASE_2}`,
      checked_at: expect.any(Date),
      retired_at: null,
    });
    expect(await row(TIP_BOT)).toMatchObject({
      label: 'XRP Tip Bot',
      entity: 'XRP Tip Bot',
      category: 'other',
    });
    expect(await row(BITRUE)).toMatchObject({ label: 'Bitrue', entity: 'Bitrue', origin: 'xrpscan' });
    expect(await row(MISTYPED)).toBeUndefined();
    expect(await row(NAMELESS)).toBeUndefined();
    expect(await registry()).toHaveLength(curatedAccounts.length + 3);

    // Audited as a change nobody signed in made: one row for the confirmations, one for the additions.
    const audits = await refreshAudits();
    expect(audits.map((audit) => [audit.action_type, audit.admin_user_id])).toEqual([
      ['known_account_update', null],
      ['known_account_add', null],
    ]);
    expect(audits[0]?.old_value).toMatchObject({ checkedAt: { [BINANCE]: null, [BINANCE_12]: null } });
    expect(audits[1]?.new_value).toMatchObject({
      origin: 'xrpscan',
      category: 'other',
      accounts: expect.arrayContaining([{ address: COINBASE_2, label: 'Coinbase 2', entity: 'Coinbase' }]),
    });

    // The admin's list reads where each name comes from and when it was confirmed there.
    const listed = await (await app.client(admin.cookie).admin['known-accounts'].$get()).json();
    expect(listed.find((account) => account.address === TIP_BOT)).toMatchObject({
      sourceName: 'XRPScan well-known names',
      origin: 'xrpscan',
      checkedAt: expect.any(String),
    });
  });

  it('adds nothing twice, and leaves a name XRPScan no longer lists as it was', async () => {
    const before = await row(TIP_BOT);
    fakes.upstream.route(NAMES_PATH, json(recorded.filter((entry) => entry.account !== TIP_BOT)));
    try {
      const log = await refresh();
      expect(log.details).toBe("7 confirmed, 0 added, 2 names differ from XRPScan's, 2 entries skipped");
    } finally {
      fakes.upstream.route(NAMES_PATH, json(recorded));
    }
    expect(await row(TIP_BOT)).toEqual(before);
    const again = await refresh();
    expect(again.details).toBe("8 confirmed, 0 added, 2 names differ from XRPScan's, 2 entries skipped");
    expect(await registry()).toHaveLength(curatedAccounts.length + 3);
    expect((await row(TIP_BOT))!.checked_at!.getTime()).toBeGreaterThan(before!.checked_at!.getTime());
    expect((await refreshAudits()).filter((audit) => audit.action_type === 'known_account_add')).toHaveLength(
      1,
    );
  });

  it('fails on an upstream error or a body that is not a list, and changes nothing', async () => {
    const before = await registry();
    const audits = (await refreshAudits()).length;
    try {
      fakes.upstream.route(NAMES_PATH, json({ error: 'Internal Server Error' }, 500));
      const failed = await refresh();
      expect(failed.status).toBe('error');
      expect(failed.error_message).toContain('answered 500');
      fakes.upstream.route(NAMES_PATH, json({ names: recorded }));
      const wrong = await refresh();
      expect(wrong.status).toBe('error');
      expect(wrong.error_message).toContain('sent an unexpected response: (root)');
    } finally {
      fakes.upstream.route(NAMES_PATH, json(recorded));
    }
    expect(await registry()).toEqual(before);
    expect(await refreshAudits()).toHaveLength(audits);
  });
});
