import { sql } from 'kysely';
import { accountMoveMessage } from '@/domain/alerts/messages';
import { dropsToXrp } from '@/domain/xrpl/drops';
import type { Trx } from '../../db/client';
import { FRESHNESS_MS, insertForRule, type Created, type RuleRow } from './rule-notifications.service';

/**
 * A payment of a watched account, seen live (history read on a first reading never alerts): each of
 * the account owner's active 'account_move' rules whose direction matches and whose threshold it
 * meets fires once. The rule is the member's own opt-in, so no alert-type switch gates it; the plan
 * (Premium) and a block do.
 */
export async function evaluateAccountTx(trx: Trx, rowId: string, now: Date): Promise<Created[]> {
  const row = await trx
    .selectFrom('watched_account_tx as t')
    .innerJoin('watched_accounts as a', 'a.id', 't.watched_account_id')
    .select([
      't.id',
      't.hash',
      't.direction',
      't.delivered_drops',
      't.counterparty',
      't.occurred_at',
      't.watched_account_id',
      'a.label',
      'a.address',
    ])
    .where('t.id', '=', rowId)
    .executeTakeFirst();
  if (!row || row.delivered_drops === null || (row.direction !== 'in' && row.direction !== 'out')) return [];
  if (now.getTime() - row.occurred_at.getTime() > FRESHNESS_MS.account_tx) return [];
  const direction = row.direction;
  const rules = await sql<RuleRow & { target: number }>`
    SELECT r.id, r.user_id, r.kind, r.direction, r.target, r.percent, r.window_minutes, r.note,
           r.last_side, r.last_fired_at, true AS allowed
    FROM alert_rules r
    JOIN profiles p ON p.user_id = r.user_id
    WHERE r.active AND r.kind = 'account_move' AND r.watched_account_id = ${row.watched_account_id}
      AND NOT p.blocked AND p.subscription_plan IN ('premium', 'complimentary')
      AND r.direction IN (${direction}, 'either')
      AND r.target * 1000000 <= ${row.delivered_drops}::numeric
    ORDER BY r.id
    FOR UPDATE OF r`.execute(trx);
  const created: Created[] = [];
  for (const rule of rules.rows) {
    await trx.updateTable('alert_rules').set({ last_fired_at: now }).where('id', '=', rule.id).execute();
    created.push(
      ...(await insertForRule(
        trx,
        rule,
        `rule:${rule.id}:${row.hash}`,
        accountMoveMessage(rule, {
          hash: row.hash,
          direction,
          amountXrp: dropsToXrp(BigInt(row.delivered_drops)),
          accountLabel: row.label,
          accountAddress: row.address,
          counterparty: row.counterparty,
        }),
      )),
    );
  }
  return created;
}
