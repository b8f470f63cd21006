import { sql } from 'kysely';
import type { AccountMoveDirection, MoveDirection } from '@/domain/alerts/alerts.schema';
import { netflowMessage, reserveChangeMessage, type ExchangeNetflow } from '@/domain/alerts/messages';
import { sameAccountsRead } from '@/domain/whales/flows.schema';
import { evaluateNetflow, evaluateReserveChange, type Side } from '@/domain/alerts/rules';
import type { Db, Trx } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { planDeliveries } from '../../shared/notifications/deliveries';
import { FRESHNESS_MS, insertForRule, type Created, type RuleRow } from './rule-notifications.service';
import { latestXrpPrice } from './xrp-price.service';

const DAY_MS = 86_400_000;

/**
 * The named exchanges' flows over the last 24 hours, every exchange together: the hourly sums of
 * the hours that began after `now` minus 24 hours (the current hour so far included).
 */
export async function exchangeNetflow(db: Db | Trx, now: Date): Promise<ExchangeNetflow> {
  const since = new Date(now.getTime() - DAY_MS);
  const result = await sql<{ inflow: string; outflow: string }>`
    SELECT coalesce(sum(inflow_drops), 0)::text AS inflow, coalesce(sum(outflow_drops), 0)::text AS outflow
    FROM exchange_flow_hourly WHERE hour > ${since}`.execute(db);
  const row = result.rows[0];
  return {
    inflowDrops: BigInt(row?.inflow ?? '0'),
    outflowDrops: BigInt(row?.outflow ?? '0'),
    since: new Date(Math.floor(since.getTime() / 3_600_000) * 3_600_000 + 3_600_000),
    until: now,
  };
}

/** Net inflow in XRP (negative: net outflow). */
const netXrp = (flow: ExchangeNetflow) => Number(flow.inflowDrops - flow.outflowDrops) / 1e6;

/** The side of its target a net-flow rule starts from, so it fires on the next crossing, not at once. */
export async function netflowSide(
  db: Db,
  rule: { direction: AccountMoveDirection; target: number },
  now = new Date(),
): Promise<Side> {
  return evaluateNetflow(rule, null, netXrp(await exchangeNetflow(db, now))).side;
}

/**
 * An entity as the registry spells it, from a live entry (case does not matter), and only an
 * exchange's when `exchange` is set; null when the registry names no such entity.
 */
export async function registryEntity(db: Db, name: string, exchange: boolean): Promise<string | null> {
  let query = db
    .selectFrom('known_accounts')
    .select((eb) => eb.fn.min('entity').as('entity'))
    .where(sql<boolean>`lower(entity) = lower(${name})`)
    .where('retired_at', 'is', null);
  if (exchange) query = query.where('category', '=', 'exchange');
  const row = await query.executeTakeFirst();
  return row?.entity ?? null;
}

/** Active rules of one kind, locked, with whether each may alert: Premium and not blocked. */
async function lockFlowRules(trx: Trx, kind: 'exchange_netflow' | 'reserve_change') {
  const result = await sql<RuleRow & { entity: string | null }>`
    SELECT r.id, r.user_id, r.kind, r.direction, r.target, r.percent, r.window_minutes, r.note,
           r.last_side, r.last_fired_at, r.entity,
           (NOT p.blocked AND p.subscription_plan IN ('premium', 'complimentary')) AS allowed
    FROM alert_rules r
    JOIN profiles p ON p.user_id = r.user_id
    WHERE r.active AND r.kind = ${kind}
    ORDER BY r.id
    FOR UPDATE OF r`.execute(trx);
  return result.rows;
}

/**
 * Every net-flow rule against the last 24 hours' flows: a rule fires when its figure reaches the
 * target from below, and re-arms once it is back below. The side moves on even while the member may
 * not be alerted, so regaining Premium does not replay an old crossing.
 */
async function evaluateNetflowRules(trx: Trx, now: Date): Promise<Created[]> {
  const rules = await lockFlowRules(trx, 'exchange_netflow');
  if (rules.length === 0) return [];
  const flow = await exchangeNetflow(trx, now);
  const created: Created[] = [];
  for (const rule of rules) {
    if (rule.target === null) continue;
    const direction = rule.direction as AccountMoveDirection;
    const result = evaluateNetflow({ direction, target: rule.target }, rule.last_side, netXrp(flow));
    const fire = result.fire && rule.allowed;
    if (result.side !== rule.last_side || fire)
      await trx
        .updateTable('alert_rules')
        .set({ last_side: result.side, ...(fire ? { last_fired_at: now } : {}) })
        .where('id', '=', rule.id)
        .execute();
    if (fire)
      created.push(
        ...(await insertForRule(
          trx,
          rule,
          `rule:${rule.id}:netflow:${now.toISOString()}`,
          netflowMessage({ direction, target: rule.target, note: rule.note }, flow),
        )),
      );
  }
  return created;
}

interface Reading {
  ledger_index: string;
  at: Date;
  drops: string;
  accounts: number;
  /** The digests of the entity's spellings' account sets; null when any reading predates them. */
  accounts_key: string | null;
}

/** An exchange's reading: the latest, or the last at or before `before`; summed over the entity's spellings. */
async function readingOf(trx: Trx, entity: string, before: Date | null): Promise<Reading | null> {
  const result = await sql<Reading>`
    SELECT ledger_index::text, max(read_at) AS at, sum(balance_drops)::text AS drops,
      sum(accounts)::int AS accounts,
      CASE WHEN bool_or(accounts_key IS NULL) THEN NULL
        ELSE string_agg(accounts_key, ',' ORDER BY accounts_key) END AS accounts_key
    FROM exchange_reserves
    WHERE lower(entity) = lower(${entity}) ${before ? sql`AND read_at <= ${before}` : sql``}
    GROUP BY ledger_index ORDER BY max(read_at) DESC LIMIT 1`.execute(trx);
  return result.rows[0] ?? null;
}

/**
 * Every reserve rule against its exchange's latest reading (one no older than FRESHNESS_MS.reserves)
 * and the last reading at least a day before it: a move of the rule's percentage fires, then the rule
 * waits a day (`evaluateReserveChange`). The change is valued at the latest stored XRP price.
 */
async function evaluateReserveRules(trx: Trx, now: Date): Promise<Created[]> {
  const rules = (await lockFlowRules(trx, 'reserve_change')).filter((rule) => rule.allowed);
  const created: Created[] = [];
  const readings = new Map<string, { latest: Reading; older: Reading | null } | null>();
  for (const rule of rules) {
    if (rule.entity === null || rule.percent === null) continue;
    const key = rule.entity.toLowerCase();
    if (!readings.has(key)) {
      const latest = await readingOf(trx, rule.entity, null);
      const fresh = latest && now.getTime() - latest.at.getTime() <= FRESHNESS_MS.reserves;
      readings.set(
        key,
        latest && fresh
          ? { latest, older: await readingOf(trx, rule.entity, new Date(latest.at.getTime() - DAY_MS)) }
          : null,
      );
    }
    const pair = readings.get(key);
    if (!pair?.older) continue;
    const { latest, older } = pair;
    // Other accounts summed (a name added, retired or merged): the difference is not XRP that moved.
    if (
      !sameAccountsRead(
        { accounts: latest.accounts, accountsKey: latest.accounts_key },
        { accounts: older.accounts, accountsKey: older.accounts_key },
      )
    )
      continue;
    const result = evaluateReserveChange(
      { direction: rule.direction as MoveDirection, percent: rule.percent, lastFiredAt: rule.last_fired_at },
      { balanceXrp: Number(latest.drops) / 1e6, at: latest.at },
      { balanceXrp: Number(older.drops) / 1e6, at: older.at },
    );
    if (!result.fire || result.change === null) continue;
    await trx
      .updateTable('alert_rules')
      .set({ last_fired_at: latest.at })
      .where('id', '=', rule.id)
      .execute();
    const message = reserveChangeMessage(rule, {
      entity: rule.entity,
      older: { drops: BigInt(older.drops), at: older.at },
      latest: { drops: BigInt(latest.drops), at: latest.at },
      percent: result.change,
      price: await latestXrpPrice(trx),
    });
    created.push(
      ...(await insertForRule(trx, rule, `rule:${rule.id}:reserve:${latest.ledger_index}`, message)),
    );
  }
  return created;
}

/**
 * The rules evaluated on a schedule rather than per stored row: the exchanges' net flow and each
 * exchange's reserve change. Each kind in one transaction with its notifications, deliveries and
 * rule state, as the queue's rows are. Returns the number of notifications created.
 */
export async function evaluateFlowAlerts(
  deps: { db: Db; logger: Logger },
  now: () => Date = () => new Date(),
): Promise<number> {
  let total = 0;
  let failure: unknown = null;
  // One kind failing (logged, then thrown for the task's record) does not hold up the other.
  for (const [kind, evaluate] of [
    ['exchange_netflow', evaluateNetflowRules],
    ['reserve_change', evaluateReserveRules],
  ] as const) {
    try {
      total += await deps.db.transaction().execute(async (trx) => {
        const at = now();
        const created = await evaluate(trx, at);
        await planDeliveries(trx, created, at);
        return created.length;
      });
    } catch (error) {
      deps.logger.error({ err: error, kind }, 'flow alert evaluation failed');
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return total;
}
