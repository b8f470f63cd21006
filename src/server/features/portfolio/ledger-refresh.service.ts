import { sql } from 'kysely';
import { accountMovements, type AccountMovement, type AccountTxEntry } from '@/domain/portfolio/account-tx';
import { valueToken } from '@/domain/portfolio/tokens';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import {
  AccountNotFoundError,
  readAccount,
  readAccountTx,
  readReserves,
  readTokenMarket,
  readTrustLines,
} from '../../upstreams/xrpl-accounts';
import type { LedgerConnection } from '../../upstreams/xrpl-connection';

export interface LedgerDeps {
  db: Db;
  ledger: LedgerConnection;
  logger: Logger;
}

/** A watched account is read again at least this often, and at once when a ledger touches it. */
export const REFRESH_MINUTES = 15;
/** After a failed read, the next try comes sooner than the schedule. */
const RETRY_MINUTES = 2;

/**
 * Why a read failed, in words for the member: xrpl.js's messages carry the request's JSON, which is
 * for the log (it is logged whole), not for the page.
 */
function ledgerFailure(error: unknown): string {
  const { name, data } = error as { name?: string; data?: { error?: unknown } };
  if (name === 'TimeoutError') return 'it did not answer in time';
  if (name === 'RippledError' && typeof data?.error === 'string') return `it answered ${data.error}`;
  if (name === 'NotConnectedError' || name === 'DisconnectedError' || name === 'ConnectionError')
    return 'the connection to it was lost';
  return 'an unexpected error';
}
/** How far back the first read follows `account_tx` (pages of 200). */
const HISTORY_PAGES = 5;
const PAGE = 200;
/** A token's price is read again after this long. */
const PRICE_MINUTES = 10;

interface WatchedRow {
  id: string;
  address: string;
  created_at: Date;
  refreshed_at: Date | null;
}

/**
 * The payments not stored yet, newest first: on the first read up to HISTORY_PAGES pages (the history
 * the value chart rebuilds balances from), later until a stored one is met.
 */
async function newMovements(
  deps: LedgerDeps,
  row: WatchedRow,
): Promise<{ movements: AccountMovement[]; exhausted: boolean }> {
  const known = new Set(
    (
      await deps.db
        .selectFrom('watched_account_tx')
        .select('hash')
        .where('watched_account_id', '=', row.id)
        .orderBy('occurred_at', 'desc')
        .limit(PAGE * HISTORY_PAGES)
        .execute()
    ).map((tx) => tx.hash),
  );
  const entries: AccountTxEntry[] = [];
  let marker: unknown;
  let exhausted = false;
  for (let page = 0; page < HISTORY_PAGES; page += 1) {
    const result = await deps.ledger.use((client) =>
      readAccountTx(client, row.address, { limit: PAGE, marker }),
    );
    const fresh = result.transactions.filter((entry) => entry.hash && !known.has(entry.hash));
    entries.push(...fresh);
    marker = result.marker;
    if (!marker) exhausted = true;
    if (!marker || fresh.length < result.transactions.length) break;
  }
  return { movements: accountMovements(row.address, entries), exhausted };
}

async function storePrices(deps: LedgerDeps, tokens: { currency: string; issuer: string }[]): Promise<void> {
  for (const token of tokens) {
    const recent = await deps.db
      .selectFrom('ledger_token_prices')
      .select('currency')
      .where('currency', '=', token.currency)
      .where('issuer', '=', token.issuer)
      .where('read_at', '>', sql<Date>`now() - make_interval(mins => ${PRICE_MINUTES})`)
      .executeTakeFirst();
    if (recent) continue;
    const valuation = valueToken(token, await deps.ledger.use((client) => readTokenMarket(client, token)));
    const values = {
      xrp_per_token: valuation.xrpPerToken,
      source: valuation.xrpPerToken === null ? null : valuation.source,
      unvalued_reason: valuation.xrpPerToken === null ? valuation.reason : null,
      read_at: new Date(),
    };
    await deps.db
      .insertInto('ledger_token_prices')
      .values({ ...token, ...values })
      .onConflict((conflict) => conflict.columns(['currency', 'issuer']).doUpdateSet(values))
      .execute();
  }
}

/**
 * Reads one watched account from the validated ledger and stores what it found: balance, owner
 * count, trust lines, new payments (live ones queue the "watched account moves" alerts), the voted
 * reserves and its tokens' prices. A failure keeps the last good reading and records why.
 */
export async function refreshWatchedAccount(deps: LedgerDeps, row: WatchedRow): Promise<void> {
  try {
    const root = await deps.ledger.use((client) => readAccount(client, row.address));
    const lines = await deps.ledger.use((client) => readTrustLines(client, row.address));
    const reserves = await deps.ledger.use(readReserves);
    const { movements, exhausted } = await newMovements(deps, row);
    const firstRead = row.refreshed_at === null;
    const created = movements.find((movement) => movement.createdAccount);
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('ledger_reserves')
        .values({
          base_drops: String(reserves.baseDrops),
          per_object_drops: String(reserves.perObjectDrops),
          ledger_index: root.ledgerIndex,
          read_at: new Date(),
        })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({
            base_drops: String(reserves.baseDrops),
            per_object_drops: String(reserves.perObjectDrops),
            ledger_index: root.ledgerIndex,
            read_at: new Date(),
          }),
        )
        .execute();
      if (movements.length > 0)
        await trx
          .insertInto('watched_account_tx')
          .values(
            movements.map((movement) => ({
              watched_account_id: row.id,
              hash: movement.hash,
              ledger_index: movement.ledgerIndex,
              occurred_at: movement.at,
              direction: movement.direction,
              transaction_type: movement.transactionType,
              delivered_drops: movement.deliveredDrops === null ? null : String(movement.deliveredDrops),
              counterparty: movement.counterparty,
              balance_after_drops:
                movement.balanceAfterDrops === null ? null : String(movement.balanceAfterDrops),
              change_drops: movement.changeDrops === null ? null : String(movement.changeDrops),
              // The history found on the first read is the past: it never alerts.
              backfilled: firstRead,
            })),
          )
          .onConflict((conflict) => conflict.columns(['watched_account_id', 'hash']).doNothing())
          .execute();
      await trx
        .updateTable('watched_accounts')
        .set({
          balance_drops: String(root.balanceDrops),
          owner_count: root.ownerCount,
          ledger_index: root.ledgerIndex,
          lines: JSON.stringify(lines.map((line) => ({ ...line.token, balance: line.balance }))),
          refreshed_at: new Date(),
          refresh_error: null,
          refresh_due_at: sql<Date>`now() + make_interval(mins => ${REFRESH_MINUTES})`,
          // The history reaches the account's creation: its balances are known from then on.
          ...(firstRead && created && exhausted ? { history_from: created.at } : {}),
        })
        .where('id', '=', row.id)
        .execute();
    });
    await storePrices(
      deps,
      lines.map((line) => line.token),
    );
  } catch (error) {
    const message =
      error instanceof AccountNotFoundError
        ? 'The ledger no longer has this account (it was deleted)'
        : `The XRP Ledger could not be read (${ledgerFailure(error)}); trying again in ${RETRY_MINUTES} minutes`;
    deps.logger.warn({ err: error, account: row.address }, 'watched account not refreshed');
    await deps.db
      .updateTable('watched_accounts')
      .set({
        refresh_error: message,
        refresh_due_at: sql<Date>`now() + make_interval(mins => ${RETRY_MINUTES})`,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Reads every watched account that is due (scheduled, or touched by a ledger); returns how many. */
export async function refreshDueAccounts(deps: LedgerDeps, limit = 50): Promise<number> {
  const due = await deps.db
    .selectFrom('watched_accounts')
    .select(['id', 'address', 'created_at', 'refreshed_at'])
    .where('refresh_due_at', '<=', sql<Date>`now()`)
    .orderBy('refresh_due_at')
    .limit(limit)
    .execute();
  for (const row of due) await refreshWatchedAccount(deps, row);
  return due.length;
}

/** The channel that wakes the portfolio task when a ledger touched a watched account. */
export const PORTFOLIO_DUE_CHANNEL = 'portfolio_due';

/** A validated ledger touched these addresses: the watched ones among them are read at once. */
export async function markTouched(db: Db, addresses: readonly string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const result = await db
    .updateTable('watched_accounts')
    .set({ refresh_due_at: sql<Date>`now()` })
    .where('address', 'in', [...new Set(addresses)])
    .executeTakeFirst();
  const marked = Number(result.numUpdatedRows);
  if (marked > 0) await sql`SELECT pg_notify(${PORTFOLIO_DUE_CHANNEL}, '')`.execute(db);
  return marked;
}
