import { sql, type Selectable, type Transaction } from 'kysely';
import { curatedAccounts } from '@/domain/known-accounts/curated';
import type {
  KnownAccount,
  KnownAccountInput,
  KnownAccountPatch,
} from '@/domain/known-accounts/known-accounts.schema';
import type { Db } from '../../db/client';
import type { Database, KnownAccountsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { mergeExchangeFlows } from '../whales';

type Row = Selectable<KnownAccountsTable>;

export const NOT_FOUND = 'No known account with that address';

export function toKnownAccountDto(row: Row): KnownAccount {
  return {
    address: row.address,
    label: row.label,
    entity: row.entity,
    category: row.category,
    sourceName: row.source_name,
    sourceUrl: row.source_url,
    origin: row.origin,
    checkedAt: row.checked_at?.toISOString() ?? null,
    retiredAt: row.retired_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Adds the names the site ships with that this database lacks. An address already present keeps
 * what it has, retired or edited: an administrator's word outlasts the shipped list.
 */
export async function addCuratedAccounts(db: Db): Promise<number> {
  const result = await sql`
    INSERT INTO known_accounts (address, label, entity, category, source_name, source_url, origin)
    SELECT a, l, e, c, s, u, 'curated'
    FROM unnest(
      ${curatedAccounts.map((entry) => entry.address)}::text[],
      ${curatedAccounts.map((entry) => entry.label)}::text[],
      ${curatedAccounts.map((entry) => entry.entity)}::text[],
      ${curatedAccounts.map((entry) => entry.category)}::text[],
      ${curatedAccounts.map((entry) => entry.sourceName)}::text[],
      ${curatedAccounts.map((entry) => entry.sourceUrl)}::text[]
    ) AS t(a, l, e, c, s, u)
    ON CONFLICT (address) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Every name, retired ones too, by entity then label. */
export async function listKnownAccounts(db: Db): Promise<KnownAccount[]> {
  const rows = await db
    .selectFrom('known_accounts')
    .selectAll()
    .orderBy(sql`lower(entity)`)
    .orderBy('label')
    .execute();
  return rows.map(toKnownAccountDto);
}

async function findForUpdate(trx: Transaction<Database>, address: string): Promise<Row> {
  const row = await trx
    .selectFrom('known_accounts')
    .selectAll()
    .where('address', '=', address)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/** An administrator names an address. An address named already is a conflict: edit that one. */
export async function addKnownAccount(
  db: Db,
  adminId: string,
  input: KnownAccountInput,
): Promise<KnownAccount> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('known_accounts')
      .values({
        address: input.address,
        label: input.label,
        entity: input.entity,
        category: input.category,
        source_name: input.sourceName,
        source_url: input.sourceUrl,
        origin: 'admin',
      })
      .onConflict((conflict) => conflict.column('address').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('conflict', 'That address is named already: edit it instead');
    const account = toKnownAccountDto(row);
    await recordAudit(trx, { adminUserId: adminId, actionType: 'known_account_add', newValue: account });
    return account;
  });
}

/** Renames, moves to another entity or category, changes the source, retires or restores. */
export async function updateKnownAccount(
  db: Db,
  adminId: string,
  address: string,
  patch: KnownAccountPatch,
): Promise<KnownAccount> {
  return db.transaction().execute(async (trx) => {
    const before = toKnownAccountDto(await findForUpdate(trx, address));
    const row = await trx
      .updateTable('known_accounts')
      .set({
        ...(patch.label !== undefined && { label: patch.label }),
        ...(patch.entity !== undefined && { entity: patch.entity }),
        // A name an administrator rewrote is theirs now: no longer the source's, nor confirmed there.
        ...(((patch.label !== undefined && patch.label !== before.label) ||
          (patch.entity !== undefined && patch.entity !== before.entity)) && {
          origin: 'admin' as const,
          checked_at: null,
        }),
        ...(patch.category !== undefined && { category: patch.category }),
        ...(patch.sourceName !== undefined && { source_name: patch.sourceName }),
        ...(patch.sourceUrl !== undefined && { source_url: patch.sourceUrl }),
        ...(patch.retired !== undefined && {
          retired_at: patch.retired ? (before.retiredAt ?? new Date()) : null,
        }),
        updated_at: new Date(),
      })
      .where('address', '=', address)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = toKnownAccountDto(row);
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'known_account_update',
      oldValue: before,
      newValue: after,
    });
    return after;
  });
}

/** Two names for one owner: every account of `from` becomes `into`'s. Returns how many moved. */
export async function mergeEntities(
  db: Db,
  adminId: string,
  merge: { from: string; into: string },
): Promise<number> {
  // "binance" into "Binance" is a merge too: it fixes a spelling.
  if (merge.from === merge.into) throw new AppError('validation_error', 'Choose two different entities');
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('known_accounts')
      .set({ entity: merge.into, updated_at: new Date() })
      .where(sql<boolean>`lower(entity) = lower(${merge.from})`)
      .returning('address')
      .execute();
    if (moved.length === 0) throw new AppError('not_found', `No accounts belong to ${merge.from}`);
    await mergeExchangeFlows(trx, merge.from, merge.into);
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'known_entity_merge',
      oldValue: { entity: merge.from, addresses: moved.map((row) => row.address) },
      newValue: { entity: merge.into },
    });
    return moved.length;
  });
}
