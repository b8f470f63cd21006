import { sql } from 'kysely';
import { type CrossingDirection, type MoveDirection } from '@/domain/alerts/alerts.schema';
import {
  dominoMessage,
  fearGreedMessage,
  newsMessage,
  percentMoveMessage,
  priceCrossingMessage,
  whaleMessage,
  type AlertMessage,
} from '@/domain/alerts/messages';
import { evaluateCrossing, evaluatePercent, referenceIsUsable, type Side } from '@/domain/alerts/rules';
import type { Db, Trx } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { evaluateAccountTx } from './account-move.service';
import { evaluateEntityMoves, readNamedWhale } from './entity-move.service';
import { planDeliveries } from '../../shared/notifications/deliveries';
import { FRESHNESS_MS, insertForRule, type Created, type RuleRow } from './rule-notifications.service';

/** A queued row that keeps failing is dropped after this many tries (and logged) so others go on. */
const MAX_ATTEMPTS = 3;

/** Active rules of these kinds, locked so two processes evaluating two rows take turns per rule. */
async function lockRules(trx: Trx, kinds: RuleRow['kind'][]): Promise<RuleRow[]> {
  const result = await sql<RuleRow>`
    SELECT r.id, r.user_id, r.kind, r.direction, r.target, r.percent, r.window_minutes, r.note,
           r.last_side, r.last_fired_at,
           (NOT p.blocked AND coalesce(up.alerts_price_enabled, true)
             AND (r.kind = 'price' OR p.subscription_plan IN ('premium', 'complimentary'))) AS allowed
    FROM alert_rules r
    JOIN profiles p ON p.user_id = r.user_id
    LEFT JOIN user_preferences up ON up.user_id = r.user_id
    WHERE r.active AND r.kind IN (${sql.join(kinds)})
    ORDER BY r.id
    FOR UPDATE OF r`.execute(trx);
  return result.rows;
}

async function crossingRules(
  trx: Trx,
  rules: RuleRow[],
  value: number,
  sourceId: string,
  message: (rule: RuleRow & { target: number }, side: Side) => AlertMessage,
  now: Date,
): Promise<Created[]> {
  const created: Created[] = [];
  for (const rule of rules) {
    if (rule.target === null) continue;
    const result = evaluateCrossing(rule.direction as CrossingDirection, rule.target, rule.last_side, value);
    // The side moves on even while the type is off, so switching it back on does not replay old crossings.
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
          `rule:${rule.id}:${sourceId}`,
          message({ ...rule, target: rule.target }, result.side),
        )),
      );
  }
  return created;
}

const DAY_MS = 24 * 3600_000;

/**
 * The price a day before a record, as CoinGecko states it (its own 24-hour change, which the
 * dashboard shows): a site that has not synced for a day yet still knows how far the day moved.
 */
function coinGeckoDayAgo(row: { price: string; price_change_24h: string | null; created_at: Date }) {
  const change = row.price_change_24h === null ? null : Number(row.price_change_24h);
  if (change === null || !Number.isFinite(change) || change <= -100) return null;
  return { price: Number(row.price) / (1 + change / 100), at: new Date(row.created_at.getTime() - DAY_MS) };
}

async function evaluateMetrics(trx: Trx, rowId: string, now: Date): Promise<Created[]> {
  const row = await trx.selectFrom('crypto_metrics').selectAll().where('id', '=', rowId).executeTakeFirst();
  if (!row || row.symbol !== 'XRP' || now.getTime() - row.created_at.getTime() > FRESHNESS_MS.metrics)
    return [];
  const price = Number(row.price);
  const rules = await lockRules(trx, ['price', 'percent']);
  const created = await crossingRules(
    trx,
    rules.filter((rule) => rule.kind === 'price'),
    price,
    row.id,
    (rule, side) => priceCrossingMessage(rule, side, price),
    now,
  );
  const references = new Map<number, { price: number; at: Date } | null>();
  for (const rule of rules.filter((candidate) => candidate.kind === 'percent' && candidate.allowed)) {
    const windowMs = (rule.window_minutes ?? 60) * 60_000;
    if (!references.has(windowMs)) {
      const reference = await trx
        .selectFrom('crypto_metrics')
        .select(['price', 'created_at'])
        .where('symbol', '=', 'XRP')
        .where('created_at', '<=', new Date(row.created_at.getTime() - windowMs))
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      references.set(
        windowMs,
        reference && referenceIsUsable(reference.created_at, row.created_at, windowMs)
          ? { price: Number(reference.price), at: reference.created_at }
          : windowMs === DAY_MS
            ? coinGeckoDayAgo(row)
            : null,
      );
    }
    const reference = references.get(windowMs) ?? null;
    const result = evaluatePercent(
      {
        direction: rule.direction as MoveDirection,
        percent: rule.percent ?? 0,
        windowMs,
        lastFiredAt: rule.last_fired_at,
      },
      { price, at: row.created_at },
      reference,
    );
    if (!result.fire || result.change === null || !reference) continue;
    await trx
      .updateTable('alert_rules')
      .set({ last_fired_at: row.created_at })
      .where('id', '=', rule.id)
      .execute();
    created.push(
      ...(await insertForRule(
        trx,
        rule,
        `rule:${rule.id}:${row.id}`,
        percentMoveMessage(
          { windowMinutes: windowMs / 60_000, note: rule.note },
          result.change,
          reference.price,
          price,
        ),
      )),
    );
  }
  return created;
}

async function evaluateFearGreed(trx: Trx, rowId: string, now: Date): Promise<Created[]> {
  const row = await trx.selectFrom('fear_greed_index').selectAll().where('id', '=', rowId).executeTakeFirst();
  if (!row || now.getTime() - row.timestamp.getTime() > FRESHNESS_MS.fear_greed) return [];
  // A late row older than the newest value must not move the rules back in time.
  const newer = await trx
    .selectFrom('fear_greed_index')
    .select('id')
    .where('timestamp', '>', row.timestamp)
    .limit(1)
    .executeTakeFirst();
  if (newer) return [];
  const rules = await lockRules(trx, ['fear_greed']);
  return crossingRules(
    trx,
    rules,
    row.value,
    row.id,
    (rule, side) => fearGreedMessage(rule, side, row.value, row.value_classification),
    now,
  );
}

const typeColumn = {
  whale: 'alerts_whale_enabled',
  regulatory: 'alerts_regulatory_enabled',
  adoption: 'alerts_adoption_enabled',
} as const;

/** One notification for every premium member who switched this alert type on (Premium types only). */
async function fanOut(
  trx: Trx,
  type: 'whale' | 'regulatory' | 'adoption',
  sourceKey: string,
  message: AlertMessage,
): Promise<Created[]> {
  const result = await sql<Created>`
    INSERT INTO notifications (user_id, type, source_key, title, body, url)
    SELECT p.user_id, ${type}::text, ${sourceKey}::text, ${message.title}::text, ${message.body}::text, ${message.url}::text
    FROM profiles p
    JOIN user_preferences up ON up.user_id = p.user_id
    WHERE p.subscription_plan IN ('premium', 'complimentary') AND NOT p.blocked AND up.${sql.ref(typeColumn[type])}
    ON CONFLICT (user_id, source_key) DO NOTHING
    RETURNING id, user_id, type`.execute(trx);
  return result.rows;
}

/** A new whale payment: the Whale Movements fan-out, then the members' own entity rules. */
async function evaluateWhale(trx: Trx, rowId: string, now: Date): Promise<Created[]> {
  const whale = await readNamedWhale(trx, rowId);
  if (!whale || now.getTime() - whale.at.getTime() > FRESHNESS_MS.whale) return [];
  const created = await fanOut(trx, 'whale', `whale:${whale.transactionHash}`, whaleMessage(whale));
  return [...created, ...(await evaluateEntityMoves(trx, whale, now))];
}

async function evaluateNews(trx: Trx, rowId: string, now: Date): Promise<Created[]> {
  const row = await trx.selectFrom('news_articles').selectAll().where('id', '=', rowId).executeTakeFirst();
  if (!row || now.getTime() - row.published_at.getTime() > FRESHNESS_MS.news) return [];
  const created: Created[] = [];
  for (const [category, type] of [
    ['REGULATION', 'regulatory'],
    ['ADOPTION', 'adoption'],
  ] as const) {
    if (!row.categories.includes(category)) continue;
    created.push(
      ...(await fanOut(
        trx,
        type,
        `news:${row.id}`,
        newsMessage(type, { title: row.title, url: row.url, sourceName: row.source_name }),
      )),
    );
  }
  return created;
}

async function evaluateDomino(trx: Trx, rowId: string): Promise<Created[]> {
  const row = await trx.selectFrom('domino_events').selectAll().where('id', '=', rowId).executeTakeFirst();
  if (!row?.is_active) return [];
  return fanOut(
    trx,
    'adoption',
    `domino:${row.id}`,
    dominoMessage({
      institution: row.institution,
      event: row.event,
      impact: row.impact,
      priceImpact: row.price_impact,
    }),
  );
}

async function evaluateItem(trx: Trx, item: { kind: string; row_id: string }, now: Date): Promise<Created[]> {
  switch (item.kind) {
    case 'metrics':
      return evaluateMetrics(trx, item.row_id, now);
    case 'fear_greed':
      return evaluateFearGreed(trx, item.row_id, now);
    case 'whale':
      return evaluateWhale(trx, item.row_id, now);
    case 'news':
      return evaluateNews(trx, item.row_id, now);
    case 'domino':
      return evaluateDomino(trx, item.row_id);
    case 'account_tx':
      return evaluateAccountTx(trx, item.row_id, now);
    default:
      return [];
  }
}

/**
 * Evaluates queued rows oldest first, each in its own transaction with its notifications, deliveries
 * and rule state: a crash re-evaluates at most the row in hand, and the unique (user, source) key
 * makes that harmless. Any number of processes may call it; one drains at a time. Returns the number
 * of notifications created.
 */
export async function drainAlertQueue(
  deps: { db: Db; logger: Logger },
  now: () => Date = () => new Date(),
): Promise<number> {
  let total = 0;
  for (;;) {
    let current: { id: string; kind: string } | undefined;
    try {
      const done = await deps.db.transaction().execute(async (trx) => {
        // One drainer at a time, so rows are evaluated in arrival order (a crossing depends on the
        // previous price); a process that finds the lock taken leaves the queue to its holder.
        const { rows } = await sql<{ locked: boolean }>`
          SELECT pg_try_advisory_xact_lock(hashtext('alert-queue')) AS locked`.execute(trx);
        if (!rows[0]?.locked) return true;
        const item = await trx
          .selectFrom('alert_queue')
          .selectAll()
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!item) return true;
        current = item;
        const at = now();
        const created = await evaluateItem(trx, item, at);
        await planDeliveries(trx, created, at);
        await trx.deleteFrom('alert_queue').where('id', '=', item.id).execute();
        total += created.length;
        return false;
      });
      if (done) return total;
    } catch (error) {
      if (!current) throw error;
      const failed = current;
      deps.logger.error({ err: error, queueId: failed.id, kind: failed.kind }, 'alert evaluation failed');
      const row = await deps.db
        .updateTable('alert_queue')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', failed.id)
        .returning('attempts')
        .executeTakeFirst();
      if (row && row.attempts >= MAX_ATTEMPTS) {
        await deps.db.deleteFrom('alert_queue').where('id', '=', failed.id).execute();
        deps.logger.error(
          { queueId: failed.id, kind: failed.kind },
          'alert evaluation dropped after repeated failures',
        );
      }
    }
  }
}
