import { sql, type Selectable, type Transaction } from 'kysely';
import type { AlertTypeId, NotificationType } from '@/domain/alerts/alerts.schema';
import { deliveryDueAt, quietHoursEnd, type AlertFrequency, type QuietHours } from '@/domain/alerts/rules';
import { isPremiumPlan, type SubscriptionPlan } from '@/domain/plans/entitlements';
import type { Db } from '../../db/client';
import type { Database, UserPreferencesTable } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { alertsEmail, answerEmail } from './emails';
import type { PushSender } from '../../lib/web-push';
import { sendPush } from './push-delivery';
import { unsubscribeToken, type UnsubscribeCategory } from './unsubscribe';

type Prefs = Selectable<UserPreferencesTable>;

const emailColumn = {
  price: 'notification_email_price_alerts',
  whale: 'notification_email_whale_alerts',
  regulatory: 'notification_email_regulatory_updates',
  adoption: 'notification_email_adoption_alerts',
} as const satisfies Record<AlertTypeId, keyof Prefs>;

const pushColumn = {
  price: 'notification_push_price_alerts',
  whale: 'notification_push_whale_alerts',
  regulatory: 'notification_push_regulatory_updates',
  adoption: 'notification_push_adoption_alerts',
} as const satisfies Record<AlertTypeId, keyof Prefs>;

/**
 * Email price alerts are free; every other alert channel and type is Premium. Replies to a
 * member's comment are mailed on any plan unless they switched it off (on by default). An analyst's
 * answer to the member's own question is always mailed: they asked for it.
 */
export function wantsEmail(type: NotificationType, prefs: Prefs | undefined, premium: boolean): boolean {
  if (type === 'answer') return true;
  if (type === 'reply') return prefs ? prefs.notification_email_comment_replies : true;
  const on = prefs ? prefs[emailColumn[type]] : type === 'price';
  return on && (type === 'price' || premium);
}

/** Replies and answers are in-app and email only; push is for alerts. */
export function wantsPush(type: NotificationType, prefs: Prefs | undefined, premium: boolean): boolean {
  if (type === 'reply' || type === 'answer') return false;
  return Boolean(premium && prefs?.notification_push_enabled && prefs[pushColumn[type]]);
}

/** Alert customization (frequency, quiet hours) is Premium; a free account gets instant, no quiet hours. */
export function scheduleOf(
  prefs: Prefs | undefined,
  premium: boolean,
): { frequency: AlertFrequency; quiet: QuietHours } {
  const timezone = prefs?.timezone ?? 'UTC';
  if (!prefs || !premium)
    return { frequency: 'instant', quiet: { enabled: false, start: '22:00', end: '08:00', timezone } };
  return {
    frequency: prefs.alert_frequency,
    quiet: {
      enabled: prefs.quiet_hours_enabled,
      start: prefs.quiet_hours_start,
      end: prefs.quiet_hours_end,
      timezone,
    },
  };
}

interface Audience {
  plan: SubscriptionPlan;
  blocked: boolean;
  prefs: Prefs | undefined;
  hasPush: boolean;
}

async function audienceOf(db: Db | Transaction<Database>, userIds: string[]): Promise<Map<string, Audience>> {
  if (userIds.length === 0) return new Map();
  const [profiles, preferences, pushes] = await Promise.all([
    db
      .selectFrom('profiles')
      .select(['user_id', 'subscription_plan', 'blocked'])
      .where('user_id', 'in', userIds)
      .execute(),
    db.selectFrom('user_preferences').selectAll().where('user_id', 'in', userIds).execute(),
    db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', userIds)
      .execute(),
  ]);
  const prefsBy = new Map(preferences.map((row) => [row.user_id, row]));
  const pushBy = new Set(pushes.map((row) => row.user_id));
  return new Map(
    profiles.map((row) => [
      row.user_id,
      {
        plan: row.subscription_plan,
        blocked: row.blocked,
        prefs: prefsBy.get(row.user_id),
        hasPush: pushBy.has(row.user_id),
      },
    ]),
  );
}

/**
 * Queues the email and push deliveries of new notifications, in the transaction that made them: each
 * is due at once, at the user's digest time, or when their quiet hours end. In-app needs no delivery.
 */
export async function planDeliveries(
  trx: Transaction<Database>,
  created: readonly { id: string; user_id: string; type: NotificationType }[],
  now: Date,
): Promise<void> {
  if (created.length === 0) return;
  const audience = await audienceOf(trx, [...new Set(created.map((item) => item.user_id))]);
  const rows: { notification_id: string; user_id: string; channel: 'email' | 'push'; due_at: Date }[] = [];
  for (const item of created) {
    const who = audience.get(item.user_id);
    if (!who || who.blocked) continue;
    const premium = isPremiumPlan(who.plan);
    const chosen = scheduleOf(who.prefs, premium);
    // An answer to the member's question is not held for a digest (quiet hours still hold it).
    const schedule = item.type === 'answer' ? { ...chosen, frequency: 'instant' as const } : chosen;
    if (wantsEmail(item.type, who.prefs, premium))
      rows.push({
        notification_id: item.id,
        user_id: item.user_id,
        channel: 'email',
        due_at: deliveryDueAt(now, schedule, 'email'),
      });
    if (who.hasPush && wantsPush(item.type, who.prefs, premium))
      rows.push({
        notification_id: item.id,
        user_id: item.user_id,
        channel: 'push',
        due_at: deliveryDueAt(now, schedule, 'push'),
      });
  }
  for (let index = 0; index < rows.length; index += 500)
    await trx
      .insertInto('notification_deliveries')
      .values(rows.slice(index, index + 500))
      .onConflict((conflict) => conflict.columns(['notification_id', 'channel']).doNothing())
      .execute();
}

export interface DeliveryDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  push: PushSender | null;
  publicUrl: string;
  secret: string;
}

/** How long a claim holds; a claim older than this belonged to a process that died mid-send. */
const CLAIM_SECONDS = 5 * 60;
const MAX_ATTEMPTS = 5;

interface Claimed {
  id: string;
  user_id: string;
  channel: 'email' | 'push';
  attempts: number;
  type: NotificationType;
  title: string;
  body: string;
  url: string | null;
  created_at: Date;
}

/** How many users one pass sends to per channel; the rest wait for the next tick. */
const MAX_USERS_PER_PASS = 1000;

/**
 * Claims the due deliveries of one user (the one waiting longest): claiming only what is about to be
 * sent means a process that dies mid-pass leaves the other users' deliveries pending, not in doubt.
 */
async function claimDue(db: Db, channel: 'email' | 'push', now: Date): Promise<Claimed[]> {
  const result = await sql<Claimed>`
    WITH next_user AS (
      SELECT user_id FROM notification_deliveries
      WHERE status = 'pending' AND channel = ${channel} AND due_at <= ${now}
      ORDER BY due_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    ), due AS (
      SELECT id FROM notification_deliveries
      WHERE status = 'pending' AND channel = ${channel} AND due_at <= ${now}
        AND user_id IN (SELECT user_id FROM next_user)
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE notification_deliveries d
      SET status = 'sending', attempts = d.attempts + 1,
          claimed_until = ${now}::timestamptz + make_interval(secs => ${CLAIM_SECONDS})
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.user_id, d.channel, d.attempts, d.notification_id
    )
    SELECT c.id, c.user_id, c.channel, c.attempts, n.type, n.title, n.body, n.url, n.created_at
    FROM claimed c JOIN notifications n ON n.id = c.notification_id
    ORDER BY n.created_at`.execute(db);
  return result.rows;
}

async function settle(
  db: Db,
  ids: string[],
  outcome:
    | { status: 'sent' | 'skipped' }
    | { status: 'failed'; error: string }
    | { status: 'pending'; dueAt: Date; error?: string },
) {
  if (ids.length === 0) return;
  await db
    .updateTable('notification_deliveries')
    .set({
      status: outcome.status,
      claimed_until: null,
      ...(outcome.status === 'sent' ? { sent_at: new Date() } : {}),
      ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
      ...(outcome.status === 'pending' ? { due_at: outcome.dueAt, error: outcome.error ?? null } : {}),
    })
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .execute();
}

/** A send that failed before reaching the server is retried later; after MAX_ATTEMPTS it stays failed. */
async function retryOrFail(db: Db, batch: Claimed[], error: string, now: Date) {
  const attempts = Math.max(...batch.map((item) => item.attempts));
  const ids = batch.map((item) => item.id);
  if (attempts >= MAX_ATTEMPTS) await settle(db, ids, { status: 'failed', error });
  else
    await settle(db, ids, { status: 'pending', dueAt: new Date(now.getTime() + attempts * 60_000), error });
}

/**
 * A delivery claimed by a process that died mid-send may or may not have gone out. It is not sent
 * again — a duplicate alert is worse than a missing one — and is marked failed for the operator.
 */
export async function failInterruptedDeliveries(db: Db, now: Date): Promise<number> {
  const rows = await db
    .updateTable('notification_deliveries')
    .set({
      status: 'failed',
      claimed_until: null,
      error: 'interrupted while sending; not resent to avoid a duplicate',
    })
    .where('status', '=', 'sending')
    .where('claimed_until', '<', now)
    .returning('id')
    .execute();
  return rows.length;
}

function byUser(items: Claimed[]): Map<string, Claimed[]> {
  const groups = new Map<string, Claimed[]>();
  for (const item of items) groups.set(item.user_id, [...(groups.get(item.user_id) ?? []), item]);
  return groups;
}

/** One mail of alerts, of replies, or one analyst's answer. */
function mailOf(deps: DeliveryDeps, to: string, userId: string, batch: Claimed[]): MailMessage {
  const types = new Set(batch.map((item) => item.type));
  const only = [...types][0];
  const items = batch.map((item) => ({ ...item, createdAt: item.created_at }));
  if (only === 'answer' && batch[0]) return answerEmail(to, batch[0], deps.publicUrl);
  const category: UnsubscribeCategory =
    only === 'reply' ? 'replies' : types.size === 1 && only && only !== 'answer' ? only : 'alerts';
  return alertsEmail(to, items, {
    publicUrl: deps.publicUrl,
    category,
    unsubscribeToken: unsubscribeToken(deps.secret, userId, category),
  });
}

/** Sends the due email and push deliveries: one email and one push per user per pass. */
export async function deliverDue(
  deps: DeliveryDeps,
  now: Date = new Date(),
): Promise<{ emails: number; pushes: number }> {
  await failInterruptedDeliveries(deps.db, now);
  let emails = 0;
  let pushes = 0;
  for (const channel of ['email', 'push'] as const) {
    if (channel === 'push' && !deps.push) continue;
    // One user at a time: a process killed mid-pass leaves at most one user's mail in doubt.
    for (let round = 0; round < MAX_USERS_PER_PASS; round += 1) {
      const claimed = await claimDue(deps.db, channel, now);
      if (claimed.length === 0) break;
      const groups = byUser(claimed);
      const audience = await audienceOf(deps.db, [...groups.keys()]);
      const users = await deps.db
        .selectFrom('user')
        .select(['id', 'email'])
        .where('id', 'in', groups.size > 0 ? [...groups.keys()] : [''])
        .execute();
      const emailOf = new Map(users.map((user) => [user.id, user.email]));
      for (const [userId, items] of groups) {
        const who = audience.get(userId);
        const premium = who ? isPremiumPlan(who.plan) : false;
        // Preferences may have changed since the alert was queued: an unsubscribe wins, quiet hours hold.
        const wanted = items.filter((item) =>
          who && !who.blocked
            ? channel === 'email'
              ? wantsEmail(item.type, who.prefs, premium)
              : wantsPush(item.type, who.prefs, premium)
            : false,
        );
        await settle(
          deps.db,
          items.filter((item) => !wanted.includes(item)).map((item) => item.id),
          { status: 'skipped' },
        );
        if (wanted.length === 0) continue;
        const quietEnd = quietHoursEnd(now, scheduleOf(who?.prefs, premium).quiet);
        if (quietEnd) {
          await settle(
            deps.db,
            wanted.map((item) => item.id),
            { status: 'pending', dueAt: quietEnd },
          );
          continue;
        }
        const ids = wanted.map((item) => item.id);
        if (channel === 'email') {
          const to = emailOf.get(userId);
          if (!to) {
            await settle(deps.db, ids, { status: 'skipped' });
            continue;
          }
          // Replies go in a mail of their own, so that its one-click unsubscribe stops replies only;
          // each analyst's answer in its own, without one (the member asked for it).
          const replies = wanted.filter((item) => item.type === 'reply');
          const answers = wanted.filter((item) => item.type === 'answer').map((item) => [item]);
          const alerts = wanted.filter((item) => item.type !== 'reply' && item.type !== 'answer');
          let failed = false;
          for (const batch of [alerts, replies, ...answers]) {
            if (batch.length === 0) continue;
            const message = mailOf(deps, to, userId, batch);
            try {
              await deps.mailer.send(message);
            } catch (error) {
              deps.logger.warn({ err: error, userId }, 'notification email failed; it will be retried');
              await retryOrFail(deps.db, batch, (error as Error).message, now);
              failed = true;
              continue;
            }
            await settle(
              deps.db,
              batch.map((item) => item.id),
              { status: 'sent' },
            );
          }
          if (failed) continue;
          emails += 1;
        } else {
          const sent = await sendPush(deps, userId, wanted);
          if (sent.ok) {
            await settle(deps.db, ids, { status: 'sent' });
            pushes += 1;
          } else if (sent.retry) await retryOrFail(deps.db, wanted, sent.error, now);
          else await settle(deps.db, ids, { status: 'failed', error: sent.error });
        }
      }
    }
  }
  return { emails, pushes };
}
