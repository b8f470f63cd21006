import type { NotificationType } from '@/domain/alerts/alerts.schema';
import type { AlertMessage } from '@/domain/alerts/messages';
import type { Side } from '@/domain/alerts/rules';
import type { Trx } from '../../db/client';
import type { AlertRulesTable } from '../../db/schema';

/**
 * How old a row may be and still alert. Older rows are backfill (a first sync loads a year of Fear &
 * Greed, a day of whales, a feed's archive): news of them now would be noise.
 */
export const FRESHNESS_MS = {
  metrics: 60 * 60_000,
  fear_greed: 2 * 86_400_000,
  whale: 2 * 60 * 60_000,
  /** An exchange reserves reading: read hourly, so two hours is one reading missed. */
  reserves: 2 * 60 * 60_000,
  news: 86_400_000,
  account_tx: 2 * 60 * 60_000,
} as const;

export interface Created {
  id: string;
  user_id: string;
  type: NotificationType;
}

export interface RuleRow {
  id: string;
  user_id: string;
  kind: AlertRulesTable['kind'];
  direction: string;
  target: number | null;
  percent: number | null;
  window_minutes: number | null;
  note: string | null;
  last_side: Side | null;
  last_fired_at: Date | null;
  /** The rule may alert now: its type is switched on, the plan allows it, the account is not blocked. */
  allowed: boolean;
}

/** The rule's notification for one source row, once per member and source (the unique key). */
export async function insertForRule(trx: Trx, rule: RuleRow, sourceKey: string, message: AlertMessage) {
  return trx
    .insertInto('notifications')
    .values({
      user_id: rule.user_id,
      type: message.type,
      rule_id: rule.id,
      source_key: sourceKey,
      title: message.title,
      body: message.body,
      url: message.url,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'source_key']).doNothing())
    .returning(['id', 'user_id', 'type'])
    .execute();
}
