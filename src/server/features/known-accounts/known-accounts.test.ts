import { isValidClassicAddress } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedAccounts } from '@/domain/known-accounts/curated';
import type { KnownAccount } from '@/domain/known-accounts/known-accounts.schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { addCuratedAccounts } from './known-accounts.service';

let app: TestApp;
let admin: { cookie: string; userId: string };
let premium: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signedInUser({ role: 'admin' });
  premium = (await app.signedInUser({ plan: 'premium' })).cookie;
});
afterAll(async () => app?.close());

const registry = () => app.client(admin.cookie).admin['known-accounts'];
const audit = (action: string) =>
  app.handle.db
    .selectFrom('admin_audit_logs')
    .selectAll()
    .where('action_type', '=', action as never)
    .execute();

const NEW = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const BINANCE_12 = 'rPJ5GFpyDLv7gqeB1uZVUBwDwi41kaXN5A';

describe('the names the site ships with', () => {
  it('are valid ledger addresses, each once, each with a public link to check it', () => {
    const addresses = curatedAccounts.map((entry) => entry.address);
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const entry of curatedAccounts) {
      expect(isValidClassicAddress(entry.address), entry.address).toBe(true);
      expect(entry.sourceUrl).toBe(`https://xrpscan.com/account/${entry.address}`);
    }
  });

  it('are in the registry from the first start, unconfirmed, and a restart keeps an admin edit', async () => {
    const rows = await app.handle.db.selectFrom('known_accounts').selectAll().execute();
    expect(rows).toHaveLength(curatedAccounts.length);
    expect(rows.every((row) => row.origin === 'curated' && row.checked_at === null)).toBe(true);
    const renamed = await registry()[':address'].$patch({
      param: { address: BINANCE_12 },
      json: { label: 'Binance cold 12' },
    });
    expect(renamed.status).toBe(200);
    expect(await addCuratedAccounts(app.handle.db)).toBe(0);
    const row = await app.handle.db
      .selectFrom('known_accounts')
      .select(['label', 'origin', 'checked_at'])
      .where('address', '=', BINANCE_12)
      .executeTakeFirstOrThrow();
    // Rewritten by an administrator, the name is theirs, no longer the shipped list's.
    expect(row).toEqual({ label: 'Binance cold 12', origin: 'admin', checked_at: null });
  });
});

describe('an administrator edits the registry', () => {
  it('names an address with its source, once; a second name for it is a conflict', async () => {
    const input = {
      address: NEW,
      label: 'Genesis',
      entity: 'Genesis account',
      category: 'other' as const,
      sourceName: 'XRP Ledger documentation',
      sourceUrl: 'https://xrpl.org/docs/concepts/ledgers/genesis-ledger',
    };
    const added = await registry().$post({ json: input });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ ...input, origin: 'admin', checkedAt: null, retiredAt: null });
    const again = await registry().$post({ json: input });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { message: 'That address is named already: edit it instead' },
    });
    expect(await audit('known_account_add')).toHaveLength(1);
  });

  it('refuses a malformed address or source link with a message saying what is wrong', async () => {
    const response = await registry().$post({
      json: {
        address: 'not-an-address',
        label: 'X',
        entity: 'X',
        category: 'exchange',
        sourceName: 'Me',
        sourceUrl: 'javascript:alert(1)',
      },
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(text).toContain('must be an XRP Ledger address (r…)');
    expect(text).toContain('Source link must be an http(s) address');
  });

  it('retires a name so it names nothing, and restores it; each change audited with before and after', async () => {
    const retire = await registry()[':address'].$patch({ param: { address: NEW }, json: { retired: true } });
    expect(((await retire.json()) as KnownAccount).retiredAt).not.toBeNull();
    const entities = (await (await app.client(premium).whales.entities.$get()).json()).map(
      (entry) => entry.entity,
    );
    expect(entities).not.toContain('Genesis account');
    const restore = await registry()[':address'].$patch({
      param: { address: NEW },
      json: { retired: false },
    });
    expect(((await restore.json()) as KnownAccount).retiredAt).toBeNull();
    const updates = await audit('known_account_update');
    expect(updates.at(-1)).toMatchObject({
      admin_user_id: admin.userId,
      old_value: expect.objectContaining({ retiredAt: expect.any(String) }),
      new_value: expect.objectContaining({ retiredAt: null }),
    });
    const missing = await registry()[':address'].$patch({
      param: { address: 'rrrrrrrrrrrrrrrrrrrrBZbvji' },
      json: { label: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('merges two names of one owner into one entity', async () => {
    await registry()[':address'].$patch({ param: { address: NEW }, json: { entity: 'Binance Holdings' } });
    const merged = await registry().merge.$post({ json: { from: 'binance holdings', into: 'Binance' } });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toEqual({ moved: 1 });
    const entities = await (await app.client(premium).whales.entities.$get()).json();
    expect(entities.map((entry) => entry.entity)).not.toContain('Binance Holdings');
    expect((await registry().merge.$post({ json: { from: 'Nobody', into: 'Binance' } })).status).toBe(404);
    expect((await registry().merge.$post({ json: { from: 'Kraken', into: 'Kraken' } })).status).toBe(422);
    // A spelling fixed by a merge: every Kraken account, whatever its case, now reads "KRAKEN".
    expect(await (await registry().merge.$post({ json: { from: 'kraken', into: 'KRAKEN' } })).json()).toEqual(
      {
        moved: 3,
      },
    );
    expect(await audit('known_entity_merge')).toHaveLength(2);
  });

  it('is closed to members who are not administrators', async () => {
    expect((await app.client(premium).admin['known-accounts'].$get()).status).toBe(403);
  });
});
