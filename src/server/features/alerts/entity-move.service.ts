import { sql } from 'kysely';
import type { AccountMoveDirection } from '@/domain/alerts/alerts.schema';
import { entityMoveMessage, type NamedWhale } from '@/domain/alerts/messages';
import { entityMoveMatch } from '@/domain/alerts/rules';
import type { Trx } from '../../db/client';
import { insertForRule, type Created, type RuleRow } from './rule-notifications.service';
import { xrpPriceNear } from './xrp-price.service';

/**
 * A stored whale payment as its alerts tell it: each side named by the registry's live entry now (a
 * rename or retirement shows at once, as in the whale history), valued at the payment's hour.
 */
export async function readNamedWhale(trx: Trx, rowId: string): Promise<NamedWhale | null> {
  const row = await trx
    .selectFrom('whale_transactions as w')
    .leftJoin('known_accounts as f', (join) =>
      join.onRef('f.address', '=', 'w.from_address').on('f.retired_at', 'is', null),
    )
    .leftJoin('known_accounts as t', (join) =>
      join.onRef('t.address', '=', 'w.to_address').on('t.retired_at', 'is', null),
    )
    .select([
      'w.transaction_hash',
      sql<string>`w.amount_xrp::text`.as('amount_xrp'),
      'w.transaction_timestamp',
      'w.from_address',
      'w.to_address',
      'f.label as from_label',
      'f.entity as from_entity',
      't.label as to_label',
      't.entity as to_entity',
    ])
    .where('w.id', '=', rowId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    transactionHash: row.transaction_hash,
    amountXrp: row.amount_xrp,
    at: row.transaction_timestamp,
    from: { address: row.from_address, label: row.from_label, entity: row.from_entity },
    to: { address: row.to_address, label: row.to_label, entity: row.to_entity },
    price: await xrpPriceNear(trx, row.transaction_timestamp),
  };
}

/**
 * The 'entity_move' rules a whale payment meets: each active rule of a Premium, unblocked member
 * whose entity sent or received it in the rule's direction with at least the rule's amount
 * (`entityMoveMatch`), once per rule and payment. The rule is the member's own opt-in, so no
 * alert-type switch gates it.
 */
export async function evaluateEntityMoves(trx: Trx, whale: NamedWhale, now: Date): Promise<Created[]> {
  const entities = [whale.from.entity, whale.to.entity].flatMap((entity) =>
    entity === null ? [] : [entity.toLowerCase()],
  );
  if (entities.length === 0) return [];
  const rules = await sql<RuleRow & { entity: string; target: number }>`
    SELECT r.id, r.user_id, r.kind, r.direction, r.target, r.percent, r.window_minutes, r.note,
           r.last_side, r.last_fired_at, r.entity, true AS allowed
    FROM alert_rules r
    JOIN profiles p ON p.user_id = r.user_id
    WHERE r.active AND r.kind = 'entity_move' AND lower(r.entity) IN (${sql.join(entities)})
      AND NOT p.blocked AND p.subscription_plan IN ('premium', 'complimentary')
      AND r.target <= ${whale.amountXrp}::numeric
    ORDER BY r.id
    FOR UPDATE OF r`.execute(trx);
  const created: Created[] = [];
  for (const rule of rules.rows) {
    const role = entityMoveMatch(
      { entity: rule.entity, direction: rule.direction as AccountMoveDirection, target: rule.target },
      { fromEntity: whale.from.entity, toEntity: whale.to.entity, amountXrp: Number(whale.amountXrp) },
    );
    if (!role) continue;
    await trx.updateTable('alert_rules').set({ last_fired_at: now }).where('id', '=', rule.id).execute();
    created.push(
      ...(await insertForRule(
        trx,
        rule,
        `rule:${rule.id}:${whale.transactionHash}`,
        entityMoveMessage(rule, role, whale),
      )),
    );
  }
  return created;
}
