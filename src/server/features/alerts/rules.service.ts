import { sql, type Selectable } from 'kysely';
import {
  MAX_RULES_PER_USER,
  WINDOW_MS,
  type AlertRule,
  type AlertRuleInput,
  type AlertRuleUpdate,
  type PercentWindow,
} from '@/domain/alerts/alerts.schema';
import { percentHistory, sideOf, type HistoryStatus } from '@/domain/alerts/rules';
import type { Db } from '../../db/client';
import type { AlertRulesTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { netflowSide, registryEntity } from './flow-alerts.service';

const PREMIUM_RULES = 'Percentage, Fear & Greed and watched-account alerts require Premium.';
const PREMIUM_FLOW_RULES = 'Entity, exchange flow and reserve alerts require Premium.';

const flowKinds: readonly AlertRule['kind'][] = ['entity_move', 'exchange_netflow', 'reserve_change'];
const premiumRefusal = (kind: AlertRule['kind']) =>
  new AppError('forbidden', flowKinds.includes(kind) ? PREMIUM_FLOW_RULES : PREMIUM_RULES);

const windowOf = (minutes: number | null): PercentWindow | null =>
  minutes === null ? null : minutes <= 60 ? '1h' : '24h';

export function toRuleDto(
  row: Selectable<AlertRulesTable>,
  watchedAccountLabel: string | null = null,
  history: HistoryStatus | null = null,
): AlertRule {
  return {
    id: row.id,
    kind: row.kind,
    direction: row.direction,
    target: row.target,
    percent: row.percent,
    window: windowOf(row.window_minutes),
    note: row.note,
    active: row.active,
    lastSide: row.last_side,
    lastFiredAt: row.last_fired_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    watchedAccountId: row.watched_account_id,
    watchedAccountLabel,
    entity: row.entity,
    history: history && {
      ready: history.ready,
      readyAt: history.ready ? null : (history.readyAt?.toISOString() ?? null),
    },
  };
}

/** What the stored XRP prices say about a window: read the way the evaluation reads its reference. */
async function historyOf(db: Db, windowMinutes: number, now: Date): Promise<HistoryStatus> {
  const windowMs = windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const [reference, oldestRecent, latest] = await Promise.all([
    db
      .selectFrom('crypto_metrics')
      .select('created_at')
      .where('symbol', '=', 'XRP')
      .where('created_at', '<=', since)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('crypto_metrics')
      .select('created_at')
      .where('symbol', '=', 'XRP')
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('crypto_metrics')
      .select('price_change_24h')
      .where('symbol', '=', 'XRP')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return percentHistory(windowMs, now, {
    referenceAt: reference?.created_at ?? null,
    oldestRecentAt: oldestRecent?.created_at ?? null,
    latestHasDayChange: latest?.price_change_24h != null,
  });
}

/** Each percentage rule's history status, read once per window the rules use. */
async function withHistory<T extends { row: Selectable<AlertRulesTable>; label: string | null }>(
  db: Db,
  items: T[],
  now = new Date(),
): Promise<AlertRule[]> {
  const windows = new Map<number, HistoryStatus>();
  for (const { row } of items)
    if (row.kind === 'percent' && row.window_minutes !== null && !windows.has(row.window_minutes))
      windows.set(row.window_minutes, await historyOf(db, row.window_minutes, now));
  return items.map(({ row, label }) =>
    toRuleDto(row, label, row.window_minutes === null ? null : (windows.get(row.window_minutes) ?? null)),
  );
}

export async function listRules(db: Db, userId: string): Promise<AlertRule[]> {
  const rows = await db
    .selectFrom('alert_rules')
    .selectAll('alert_rules')
    .leftJoin('watched_accounts', 'watched_accounts.id', 'alert_rules.watched_account_id')
    .select('watched_accounts.label as watched_account_label')
    .where('alert_rules.user_id', '=', userId)
    .orderBy('alert_rules.created_at', 'desc')
    .orderBy('alert_rules.id')
    .execute();
  return withHistory(
    db,
    rows.map(({ watched_account_label, ...row }) => ({ row, label: watched_account_label })),
  );
}

/** The value a new rule starts from, so it fires on the next crossing rather than at once. */
async function currentValue(db: Db, kind: 'price' | 'fear_greed'): Promise<number | null> {
  if (kind === 'price') {
    const row = await db
      .selectFrom('crypto_metrics')
      .select('price')
      .where('symbol', '=', 'XRP')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.price) : null;
  }
  const row = await db
    .selectFrom('fear_greed_index')
    .select('value')
    .orderBy('timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? row.value : null;
}

/** The registry's spelling of a rule's entity; an entity it does not name (as an exchange's, for reserves) is refused. */
async function entityOf(db: Db, input: AlertRuleInput): Promise<string | null> {
  if (input.kind !== 'entity_move' && input.kind !== 'reserve_change') return null;
  const exchange = input.kind === 'reserve_change';
  const entity = await registryEntity(db, input.entity, exchange);
  if (entity === null)
    throw new AppError(
      'validation_error',
      exchange
        ? `“${input.entity}” is not an exchange the registry of known accounts names: choose one of the listed exchanges`
        : `The registry of known accounts names no entity “${input.entity}”: choose one of the listed entities`,
      [
        {
          path: 'entity',
          message: exchange ? 'Choose one of the listed exchanges' : 'Choose one of the listed entities',
        },
      ],
    );
  return entity;
}

/**
 * A rule's input checked as create and edit both do: Premium kinds need Premium, a watched account
 * must be the member's own, an entity one the registry names; the side a crossing rule starts from
 * is the current value's.
 */
async function checkInput(
  db: Db,
  viewer: { userId: string; isPremium: boolean },
  input: AlertRuleInput,
): Promise<{ label: string | null; lastSide: 'above' | 'below' | null; entity: string | null }> {
  if (input.kind !== 'price' && !viewer.isPremium) throw premiumRefusal(input.kind);
  const entity = await entityOf(db, input);
  let label: string | null = null;
  if (input.kind === 'account_move') {
    const watched = await db
      .selectFrom('watched_accounts')
      .select('label')
      .where('id', '=', input.watchedAccountId)
      .where('user_id', '=', viewer.userId)
      .executeTakeFirst();
    if (!watched) throw new AppError('not_found', 'No such watched account of yours');
    label = watched.label;
  }
  const lastSide =
    input.kind === 'price' || input.kind === 'fear_greed'
      ? await currentValue(db, input.kind).then((value) =>
          value === null ? null : sideOf(value, input.target),
        )
      : input.kind === 'exchange_netflow'
        ? await netflowSide(db, input)
        : null;
  return { label, lastSide, entity };
}

/** The columns a rule's input sets, for insert and edit alike (`entity`: the registry's spelling). */
function definitionOf(input: AlertRuleInput, entity: string | null) {
  const percent = input.kind === 'percent' || input.kind === 'reserve_change' ? input.percent : null;
  return {
    direction: input.direction,
    target: input.kind === 'percent' || input.kind === 'reserve_change' ? null : input.target,
    percent,
    window_minutes: input.kind === 'percent' ? WINDOW_MS[input.window] / 60_000 : null,
    watched_account_id: input.kind === 'account_move' ? input.watchedAccountId : null,
    entity,
    note: input.note ? input.note : null,
  };
}

/**
 * Saves a rule. Price targets are free; every other kind is Premium (alert customization). A user
 * holds at most MAX_RULES_PER_USER rules of all kinds together.
 */
export async function createRule(
  db: Db,
  viewer: { userId: string; isPremium: boolean },
  input: AlertRuleInput,
): Promise<AlertRule> {
  const { label, lastSide, entity } = await checkInput(db, viewer, input);
  const inserted = await db.transaction().execute(async (trx) => {
    // Serialise one user's creations so two tabs cannot both take the last free slot.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`alert-rules:${viewer.userId}`}))`.execute(trx);
    const { count } = await trx
      .selectFrom('alert_rules')
      .select(sql<string>`count(*)`.as('count'))
      .where('user_id', '=', viewer.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_RULES_PER_USER)
      throw new AppError(
        'conflict',
        `You already have ${MAX_RULES_PER_USER} alerts. Delete one to set another.`,
      );
    const row = await trx
      .insertInto('alert_rules')
      .values({
        user_id: viewer.userId,
        kind: input.kind,
        ...definitionOf(input, entity),
        last_side: lastSide,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  });
  const [rule] = await withHistory(db, [{ row: inserted, label }]);
  return rule as AlertRule;
}

/**
 * Pauses, resumes, re-notes or edits one of the user's rules; someone else's rule is not found. An
 * edit keeps the rule's kind and checks the input as create does; a crossing rule starts again from
 * the current value's side, so a new target fires on the next crossing, never at once.
 */
export async function updateRule(
  db: Db,
  viewer: { userId: string; isPremium: boolean },
  id: string,
  change: AlertRuleUpdate,
): Promise<AlertRule> {
  const existing = await db
    .selectFrom('alert_rules')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  if (!existing) throw new AppError('not_found', 'Alert not found');
  if (change.active && existing.kind !== 'price' && !viewer.isPremium) throw premiumRefusal(existing.kind);
  const edit = change.rule;
  if (edit && edit.kind !== existing.kind)
    throw new AppError('validation_error', 'An alert keeps its kind: delete it and set a new one instead', [
      { path: 'rule.kind', message: `This alert is a ${existing.kind.replace('_', ' ')} alert` },
    ]);
  const checked = edit ? await checkInput(db, viewer, edit) : null;
  const row = await db
    .updateTable('alert_rules')
    .set({
      ...(change.active !== undefined ? { active: change.active } : {}),
      ...(change.note !== undefined ? { note: change.note || null } : {}),
      ...(edit && checked ? { ...definitionOf(edit, checked.entity), last_side: checked.lastSide } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('user_id', '=', viewer.userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'Alert not found');
  const account = row.watched_account_id
    ? await db
        .selectFrom('watched_accounts')
        .select('label')
        .where('id', '=', row.watched_account_id)
        .executeTakeFirst()
    : undefined;
  const [rule] = await withHistory(db, [{ row, label: account?.label ?? null }]);
  return rule as AlertRule;
}

export async function deleteRule(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom('alert_rules')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw new AppError('not_found', 'Alert not found');
}
