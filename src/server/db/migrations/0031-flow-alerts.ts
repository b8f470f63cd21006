import { sql, type Kysely } from 'kysely';

const kinds = (list: string[]) => sql.raw(list.map((kind) => `'${kind}'`).join(', '));
const previousKinds = ['price', 'percent', 'fear_greed', 'account_move'];
const flowKinds = ['entity_move', 'exchange_netflow', 'reserve_change'];

/**
 * Whale and exchange alert rules: a named entity's whale payment ('entity_move': entity, direction
 * in/out/either, target XRP of at least the whale size), the named exchanges' net flow over 24 hours
 * ('exchange_netflow': direction, target XRP) and one exchange's reserve change over 24 hours
 * ('reserve_change': entity, direction up/down/either, percent). The entity is the registry's name,
 * compared without case when rules are evaluated. Each kind holds exactly the columns it uses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE alert_rules ADD COLUMN entity text;
    ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_kind_check;
    ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_kind_check
      CHECK (kind IN (${kinds([...previousKinds, ...flowKinds])}));
    ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_flow_columns_check CHECK (CASE kind
      WHEN 'entity_move' THEN entity IS NOT NULL AND target >= 1000000 AND percent IS NULL
        AND window_minutes IS NULL AND direction IN ('in', 'out', 'either')
      WHEN 'exchange_netflow' THEN entity IS NULL AND target > 0 AND percent IS NULL
        AND window_minutes IS NULL AND direction IN ('in', 'out', 'either')
      WHEN 'reserve_change' THEN entity IS NOT NULL AND target IS NULL AND percent > 0
        AND window_minutes IS NULL AND direction IN ('up', 'down', 'either')
      ELSE entity IS NULL
    END);
    CREATE INDEX alert_rules_active_entity_idx ON alert_rules (lower(entity)) WHERE active AND entity IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM alert_rules WHERE kind IN (${kinds(flowKinds)});
    DROP INDEX alert_rules_active_entity_idx;
    ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_flow_columns_check;
    ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_kind_check;
    ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_kind_check CHECK (kind IN (${kinds(previousKinds)}));
    ALTER TABLE alert_rules DROP COLUMN entity;
  `.execute(db);
}
