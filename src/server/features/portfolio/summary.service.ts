import { sql } from 'kysely';
import { allocation, costBasis } from '@/domain/portfolio/pnl';
import type {
  PortfolioRange,
  PortfolioSummary,
  WatchedAccountView,
} from '@/domain/portfolio/portfolio.schema';
import {
  change24h,
  valueSeries,
  type AccountHistory,
  type LotHolding,
} from '@/domain/portfolio/value-series';
import { DROPS_PER_XRP, dropsToXrp, xrpToDrops } from '@/domain/xrpl/drops';
import type { Db } from '../../db/client';
import { getPriceBuckets } from '../../shared/price-history';
import { listWatchedAccounts } from './accounts.service';
import { listLots } from './lots.service';

const drops = (xrp: string | null) => (xrp === null ? 0n : (xrpToDrops(xrp) ?? 0n));
const xrpNumber = (value: bigint) => Number(value) / Number(DROPS_PER_XRP);

export const NO_PRICE = 'No XRP price has been synced yet, so nothing can be valued in USD';
export const NO_LOTS_PNL =
  'Profit and loss covers manual holdings with a cost per XRP: add a holding with its cost to see it';
export const NO_COST_PNL =
  'None of your manual holdings has a cost per XRP: add the cost to a holding to see profit and loss';

async function latestPrice(db: Db): Promise<{ priceUsd: number; at: Date } | null> {
  const row = await db
    .selectFrom('crypto_metrics')
    .select(['price', 'created_at'])
    .where('symbol', '=', 'XRP')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { priceUsd: Number(row.price), at: row.created_at } : null;
}

/**
 * Each watched account's balance over time, oldest first: after each stored transaction (the
 * ledger's own figure), then the last reading. Known from `history_from`: the account's first
 * transaction when the history reached it, else when the member added it.
 */
async function accountHistories(db: Db, accounts: readonly WatchedAccountView[]): Promise<AccountHistory[]> {
  if (accounts.length === 0) return [];
  // One row per account, its balances as text ("<ms> <drops>,…"): thousands of rows each parsed into
  // a Date and an object cost more than the rest of the summary.
  const { rows } = await sql<{ id: string; history_from: Date; points: string | null }>`
    SELECT a.id, a.history_from, (
      SELECT string_agg(floor(extract(epoch FROM t.occurred_at) * 1000)::bigint || ' ' || t.balance_after_drops,
        ',' ORDER BY t.occurred_at, t.ledger_index)
      FROM watched_account_tx t
      WHERE t.watched_account_id = a.id AND t.balance_after_drops IS NOT NULL
    ) AS points
    FROM watched_accounts a
    WHERE a.id IN (${sql.join(accounts.map((account) => account.id))})`.execute(db);
  const byAccount = new Map<string, { at: string; drops: bigint }[]>();
  const startOf = new Map<string, Date>();
  for (const row of rows) {
    startOf.set(row.id, row.history_from);
    byAccount.set(
      row.id,
      (row.points?.split(',') ?? []).map((point) => {
        const [ms, balance] = point.split(' ');
        return { at: new Date(Number(ms)).toISOString(), drops: BigInt(balance!) };
      }),
    );
  }
  return accounts.map((account) => {
    const points = byAccount.get(account.id) ?? [];
    if (account.refreshedAt && account.balanceXrp !== null)
      points.push({ at: account.refreshedAt, drops: drops(account.balanceXrp) });
    const from = startOf.get(account.id) ?? new Date(account.createdAt);
    // history_from before the member added the account is the account's creation, which the history
    // reached: before it the balance was a true zero, so it is known for all time.
    const reachedCreation = from.getTime() < Date.parse(account.createdAt);
    return {
      points,
      label: account.label,
      knownFrom: reachedCreation ? new Date(0).toISOString() : from.toISOString(),
    };
  });
}

/**
 * The member's portfolio, valued: totals at the latest synced price, average-cost P&L of the manual
 * holdings, allocation, the value over `range` (stored prices × what was held then) and its change
 * over 24 hours. An account not read yet counts as nothing and `asOf` is null until every one was.
 */
export async function portfolioSummary(
  db: Db,
  userId: string,
  range: PortfolioRange,
): Promise<PortfolioSummary> {
  const [accounts, lots, price] = await Promise.all([
    listWatchedAccounts(db, userId),
    listLots(db, userId),
    latestPrice(db),
  ]);
  const accountsDrops = accounts.reduce((sum, account) => sum + drops(account.balanceXrp), 0n);
  const lotsDrops = lots.reduce((sum, lot) => sum + drops(lot.amountXrp), 0n);
  const totalDrops = accountsDrops + lotsDrops;
  const tokens = accounts.flatMap((account) => account.tokens);
  const tokensXrp = tokens.reduce((sum, token) => sum + (token.valueXrp ?? 0), 0);
  const read = accounts.filter((account) => account.refreshedAt !== null);
  const locked =
    accounts.length > 0 && accounts.every((account) => account.reserveXrp !== null)
      ? accounts.reduce((sum, account) => sum + drops(account.reserveXrp), 0n)
      : null;

  const basis = price
    ? costBasis(
        lots.map((lot) => ({
          amountDrops: drops(lot.amountXrp),
          costUsdPerXrp: lot.costUsdPerXrp === null ? null : Number(lot.costUsdPerXrp),
        })),
        price.priceUsd,
      )
    : null;

  const histories = await accountHistories(db, accounts);
  const lotHoldings: LotHolding[] = lots.map((lot) => ({
    drops: drops(lot.amountXrp),
    from: lot.acquiredOn ? `${lot.acquiredOn}T00:00:00.000Z` : lot.createdAt,
  }));
  // Nothing entered yet: no line of zeros, the chart waits for something to value.
  const empty = accounts.length === 0 && lots.length === 0;
  const series = empty
    ? { points: [], startsAt: null, note: null }
    : valueSeries(await getPriceBuckets(db, range), histories, lotHoldings);
  // The 24h change needs the finest stored prices; the week's series has them whatever the range.
  const weekSeries =
    range === '7d' ? series : valueSeries(await getPriceBuckets(db, '7d'), histories, lotHoldings);
  const change = totalDrops > 0n ? change24h(weekSeries, new Date().toISOString()) : null;

  return {
    priceUsd: price?.priceUsd ?? null,
    priceAt: price?.at.toISOString() ?? null,
    accountsXrp: dropsToXrp(accountsDrops),
    lotsXrp: dropsToXrp(lotsDrops),
    totalXrp: dropsToXrp(totalDrops),
    lockedXrp: locked === null ? null : dropsToXrp(locked),
    tokensXrp,
    unvaluedTokens: tokens.filter((token) => token.valueXrp === null).length,
    valueUsd: price ? xrpNumber(totalDrops) * price.priceUsd : null,
    valueWithTokensUsd: price ? (xrpNumber(totalDrops) + tokensXrp) * price.priceUsd : null,
    change24h: change,
    change24hNote: change
      ? null
      : totalDrops === 0n
        ? 'Nothing held yet'
        : !price
          ? NO_PRICE
          : 'Not enough history yet: the value 24 hours ago is not known',
    pnl: basis && {
      coveredXrp: dropsToXrp(basis.coveredDrops),
      uncoveredXrp: dropsToXrp(basis.uncoveredDrops),
      costBasisUsd: basis.costBasisUsd,
      averageCostUsd: basis.averageCostUsd,
      valueUsd: basis.valueUsd,
      unrealisedUsd: basis.unrealisedUsd,
      unrealisedPercent: basis.unrealisedPercent,
    },
    pnlNote: basis ? null : !price ? NO_PRICE : lots.length === 0 ? NO_LOTS_PNL : NO_COST_PNL,
    allocation: allocation([
      ...accounts.map((account) => ({ key: account.id, drops: drops(account.balanceXrp) })),
      ...(lots.length > 0 ? [{ key: 'lots', drops: lotsDrops }] : []),
    ]).map((slice) => {
      const account = accounts.find((candidate) => candidate.id === slice.key);
      return {
        key: slice.key,
        label: account ? account.label : 'Manual holdings',
        xrp: account ? (account.balanceXrp ?? '0') : dropsToXrp(lotsDrops),
        percent: slice.percent,
      };
    }),
    series: {
      range,
      points: series.points.map((point) => ({
        at: point.at,
        priceUsd: point.priceUsd,
        xrp: xrpNumber(point.drops),
        valueUsd: point.valueUsd,
      })),
      startsAt: series.startsAt,
      note: series.note,
    },
    asOf:
      read.length === accounts.length && read.length > 0
        ? read.map((account) => account.refreshedAt!).sort()[0]!
        : null,
    accountCount: accounts.length,
    lotCount: lots.length,
  };
}
