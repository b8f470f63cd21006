import { sql, type Selectable } from 'kysely';
import { accountReserve, type ReserveSettings } from '@/domain/portfolio/reserves';
import {
  ADDRESS_NOT_FOUND,
  TOO_MANY_ACCOUNTS,
  WATCHED_ACCOUNTS_MAX,
  type WatchedAccountView,
} from '@/domain/portfolio/portfolio.schema';
import { currencyName } from '@/domain/portfolio/tokens';
import { dropsToXrp } from '@/domain/xrpl/drops';
import { explorerAccountUrl, explorerTxUrl } from '@/domain/xrpl/explorer';
import type { Db } from '../../db/client';
import type { LedgerTokenPricesTable, WatchedAccountsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { AccountNotFoundError, readAccount } from '../../upstreams/xrpl-accounts';
import { refreshWatchedAccount, type LedgerDeps } from './ledger-refresh.service';

/** How many recent payments each account shows. */
const PAYMENTS_SHOWN = 10;

type Line = { currency: string; issuer: string; balance: string };

export async function readReserveSettings(db: Db): Promise<(ReserveSettings & { readAt: Date }) | null> {
  const row = await db.selectFrom('ledger_reserves').selectAll().executeTakeFirst();
  return row
    ? { baseDrops: BigInt(row.base_drops), perObjectDrops: BigInt(row.per_object_drops), readAt: row.read_at }
    : null;
}

const priceKey = (token: { currency: string; issuer: string }) => `${token.currency}.${token.issuer}`;

/** The member's watched accounts as stored: the last reading of each, valued, with recent payments. */
export async function listWatchedAccounts(db: Db, userId: string): Promise<WatchedAccountView[]> {
  const rows = await db
    .selectFrom('watched_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const reserves = await readReserveSettings(db);
  const lines = new Map(rows.map((row) => [row.id, (row.lines as Line[] | null) ?? []]));
  const tokens = [...lines.values()].flat();
  const prices = new Map<string, Selectable<LedgerTokenPricesTable>>();
  if (tokens.length > 0) {
    const stored = await db
      .selectFrom('ledger_token_prices')
      .selectAll()
      .where((eb) =>
        eb.or(
          tokens.map((token) =>
            eb.and([eb('currency', '=', token.currency), eb('issuer', '=', token.issuer)]),
          ),
        ),
      )
      .execute();
    for (const price of stored) prices.set(priceKey(price), price);
  }
  const payments = await sql<{
    watched_account_id: string;
    hash: string;
    occurred_at: Date;
    direction: 'in' | 'out';
    delivered_drops: string | null;
    counterparty: string | null;
  }>`
    SELECT watched_account_id, hash, occurred_at, direction, delivered_drops, counterparty FROM (
      SELECT t.*, row_number() OVER (PARTITION BY watched_account_id ORDER BY occurred_at DESC, ledger_index DESC, hash) AS n
      FROM watched_account_tx t
      WHERE watched_account_id IN (${sql.join(rows.map((row) => row.id))}) AND direction IN ('in', 'out')
    ) recent WHERE n <= ${PAYMENTS_SHOWN}
    ORDER BY occurred_at DESC, ledger_index DESC, hash`.execute(db);
  return rows.map((row) => toView(row, reserves, lines.get(row.id) ?? [], prices, payments.rows));
}

function toView(
  row: Selectable<WatchedAccountsTable>,
  reserves: ReserveSettings | null,
  lines: Line[],
  prices: Map<string, Selectable<LedgerTokenPricesTable>>,
  payments: {
    watched_account_id: string;
    hash: string;
    occurred_at: Date;
    direction: 'in' | 'out';
    delivered_drops: string | null;
    counterparty: string | null;
  }[],
): WatchedAccountView {
  const balance = row.balance_drops === null ? null : BigInt(row.balance_drops);
  const reserve =
    balance !== null && row.owner_count !== null && reserves
      ? accountReserve(balance, row.owner_count, reserves)
      : null;
  return {
    id: row.id,
    address: row.address,
    destinationTag: row.destination_tag,
    label: row.label,
    url: explorerAccountUrl(row.address),
    createdAt: row.created_at.toISOString(),
    balanceXrp: balance === null ? null : dropsToXrp(balance),
    ownerCount: row.owner_count,
    reserveXrp: reserve ? dropsToXrp(reserve.lockedDrops) : null,
    spendableXrp: reserve ? dropsToXrp(reserve.spendableDrops) : null,
    ledgerIndex: row.ledger_index,
    refreshedAt: row.refreshed_at?.toISOString() ?? null,
    refreshError: row.refresh_error,
    tokens: lines.map((line) => {
      const price = prices.get(priceKey(line));
      const xrpPerToken = price?.xrp_per_token ?? null;
      return {
        currency: line.currency,
        name: currencyName(line.currency),
        issuer: line.issuer,
        balance: line.balance,
        xrpPerToken,
        valueXrp: xrpPerToken === null ? null : Number(line.balance) * xrpPerToken,
        priceSource: price?.source ?? null,
        unvaluedReason: price ? price.unvalued_reason : 'Its price on the ledger has not been read yet',
        priceReadAt: price?.read_at.toISOString() ?? null,
      };
    }),
    payments: payments
      .filter((payment) => payment.watched_account_id === row.id)
      .map((payment) => ({
        hash: payment.hash,
        at: payment.occurred_at.toISOString(),
        direction: payment.direction,
        amountXrp: payment.delivered_drops === null ? null : dropsToXrp(BigInt(payment.delivered_drops)),
        counterparty: payment.counterparty,
        url: explorerTxUrl(payment.hash),
      })),
  };
}

async function countAccounts(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('watched_accounts')
    .select(sql<string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Starts watching an address: refused past the limit or twice, and unless the ledger has an account
 * there (an unfunded address is a typo more often than not). Its first reading is taken at once.
 */
export async function addWatchedAccount(
  deps: LedgerDeps,
  userId: string,
  input: { address: { classicAddress: string; tag: number | null }; label: string },
): Promise<WatchedAccountView> {
  const { classicAddress, tag } = input.address;
  if ((await countAccounts(deps.db, userId)) >= WATCHED_ACCOUNTS_MAX)
    throw new AppError('conflict', TOO_MANY_ACCOUNTS);
  const existing = await deps.db
    .selectFrom('watched_accounts')
    .select('label')
    .where('user_id', '=', userId)
    .where('address', '=', classicAddress)
    .executeTakeFirst();
  if (existing) throw new AppError('conflict', `You already watch this account, as "${existing.label}"`);
  try {
    await deps.ledger.use((client) => readAccount(client, classicAddress));
  } catch (error) {
    if (error instanceof AccountNotFoundError) throw new AppError('validation_error', ADDRESS_NOT_FOUND);
    deps.logger.warn({ err: error }, 'XRP Ledger unreachable while adding a watched account');
    throw new AppError(
      'upstream_error',
      'The XRP Ledger could not be reached to check this address. Try again in a minute.',
    );
  }
  const row = await deps.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`watched-accounts:${userId}`}))`.execute(trx);
    const { count } = await trx
      .selectFrom('watched_accounts')
      .select(sql<string>`count(*)`.as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= WATCHED_ACCOUNTS_MAX) throw new AppError('conflict', TOO_MANY_ACCOUNTS);
    const inserted = await trx
      .insertInto('watched_accounts')
      .values({ user_id: userId, address: classicAddress, destination_tag: tag, label: input.label })
      .onConflict((conflict) => conflict.columns(['user_id', 'address']).doNothing())
      .returning(['id', 'address', 'created_at', 'refreshed_at'])
      .executeTakeFirst();
    if (!inserted) throw new AppError('conflict', 'You already watch this account');
    return inserted;
  });
  await refreshWatchedAccount(deps, row);
  const view = (await listWatchedAccounts(deps.db, userId)).find((account) => account.id === row.id);
  if (!view) throw new AppError('not_found', 'The account was removed meanwhile');
  return view;
}

const notFound = () => new AppError('not_found', 'No such watched account of yours');

export async function renameWatchedAccount(
  db: Db,
  userId: string,
  id: string,
  label: string,
): Promise<WatchedAccountView> {
  const result = await db
    .updateTable('watched_accounts')
    .set({ label })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound();
  const view = (await listWatchedAccounts(db, userId)).find((account) => account.id === id);
  if (!view) throw notFound();
  return view;
}

/** Stops watching: the account's stored payments and its alert rules go with it. */
export async function removeWatchedAccount(db: Db, userId: string, id: string): Promise<void> {
  const result = await db
    .deleteFrom('watched_accounts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound();
}
