import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { sql } from 'kysely';
import { windowSummary } from './analysis.service';
import { formatAmount, formatPercent, formatPrice } from '@/domain/format/format';
import { timezones } from '@/domain/preferences/preferences.schema';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { weeklySummaryEmail, type WeeklySummary } from '../../shared/notifications/emails';
import { unsubscribeToken } from '../../shared/notifications/unsubscribe';
import { appRoutes } from '@/domain/routing/routes';
import { isPremiumPlan } from '@/domain/plans/entitlements';

/** The summary goes out on Monday from 08:00 local time; a server down all Monday skips that week. */
export const WEEKLY_SEND_HOUR = 8;

/** The ISO week a user's Monday-08:00 window belongs to, or null outside that window. */
export function weeklyWindow(now: Date, timezone: string): { week: string; monday: Date } | null {
  const local = new TZDate(now.getTime(), timezone);
  if (local.getDay() !== 1 || local.getHours() < WEEKLY_SEND_HOUR) return null;
  return { week: format(local, "RRRR-'W'II"), monday: local };
}

/** Price, its 7-day change, Fear & Greed, whale totals and the week's top headlines. */
export async function buildWeeklySummary(db: Db, now: Date): Promise<Omit<WeeklySummary, 'weekLabel'>> {
  const { price, fearGreed, whales, headlines } = await windowSummary(
    db,
    new Date(now.getTime() - 7 * 86_400_000),
    now,
  );
  return {
    price: formatPrice(price.close),
    change:
      price.changePercent === null ? 'no change data' : formatPercent(price.changePercent, { signed: true }),
    fearGreed: fearGreed.latest
      ? `${fearGreed.latest.value} (${fearGreed.latest.classification})`
      : 'not available',
    whales:
      whales.count === 0
        ? 'none above 1M XRP'
        : `${whales.count} transfers, ${formatAmount(whales.volumeXrp)} XRP in total, the largest ${formatAmount(whales.largestXrp)} XRP`,
    headlines: headlines.map(({ title, url }) => ({ title, url })),
  };
}

export type WeeklyDeps = { db: Db; logger: Logger; mailer: Mailer; publicUrl: string; secret: string };

/** Who one weekly mail goes to, and the table that records its send per week. */
export interface WeeklyRecipient {
  table: 'weekly_summary_sends' | 'newsletter_sends';
  /** The table's recipient column, and the value the unsubscribe token names. */
  column: 'user_id' | 'subscriber_id';
  id: string;
  email: string;
  category: 'weekly' | 'newsletter';
  /** Whale totals are Premium: others read where to get them instead. */
  isPremium: boolean;
}

/**
 * Claims (recipient, week), sends the summary and records the outcome: at most once, even across a
 * crash mid-send (the claimed row stays 'sending' and is never retried). True when the mail left.
 */
export async function sendWeeklyMail(
  deps: WeeklyDeps,
  recipient: WeeklyRecipient,
  window: { week: string; monday: Date },
  summary: () => Promise<Omit<WeeklySummary, 'weekLabel'>>,
): Promise<boolean> {
  const table = sql.table(recipient.table);
  const column = sql.ref(recipient.column);
  const claimed = await sql`
    INSERT INTO ${table} (${column}, week, status) VALUES (${recipient.id}, ${window.week}, 'sending')
    ON CONFLICT DO NOTHING RETURNING week`
    .execute(deps.db)
    .catch((error: unknown) => {
      // The account or subscription was deleted since the recipients were read: nobody to send to.
      if ((error as { code?: string }).code === '23503') return { rows: [] };
      throw error;
    });
  if (claimed.rows.length === 0) return false;
  const record = (status: 'sent' | 'failed', error: string | null) =>
    sql`UPDATE ${table} SET status = ${status}, error = ${error},
          sent_at = CASE WHEN ${status} = 'sent' THEN now() END
        WHERE ${column} = ${recipient.id} AND week = ${window.week}`.execute(deps.db);
  try {
    const full = await summary();
    const whales = recipient.isPremium
      ? full.whales
      : `for Premium members (${deps.publicUrl}${appRoutes.membership})`;
    const message = weeklySummaryEmail(
      recipient.email,
      { ...full, whales, weekLabel: `week of ${format(window.monday, 'MMMM d, yyyy')}` },
      {
        publicUrl: deps.publicUrl,
        category: recipient.category,
        unsubscribeToken: unsubscribeToken(deps.secret, recipient.id, recipient.category),
      },
    );
    await deps.mailer.send(message);
    await record('sent', null);
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, [recipient.column]: recipient.id }, 'weekly summary email failed');
    await record('failed', (error as Error).message);
    return false;
  }
}

/** The summary, built once per pass on first need. */
export function summaryOnce(db: Db, now: Date): () => Promise<Omit<WeeklySummary, 'weekLabel'>> {
  let summary: Promise<Omit<WeeklySummary, 'weekLabel'>> | null = null;
  return () => (summary ??= buildWeeklySummary(db, now));
}

/**
 * Sends this week's summary to everyone whose Monday 08:00 has come (notification_email_weekly_summary
 * on, a free feature). A row per user and week is written before the send: a crash mid-send never
 * sends the week twice.
 */
export async function sendWeeklySummaries(deps: WeeklyDeps, now: Date = new Date()): Promise<number> {
  let sent = 0;
  const summary = summaryOnce(deps.db, now);
  for (const { value: timezone } of timezones) {
    const window = weeklyWindow(now, timezone);
    if (!window) continue;
    const recipients = await deps.db
      .selectFrom('profiles as p')
      .innerJoin('user as u', 'u.id', 'p.user_id')
      .leftJoin('user_preferences as up', 'up.user_id', 'p.user_id')
      .leftJoin('weekly_summary_sends as w', (join) =>
        join.onRef('w.user_id', '=', 'p.user_id').on('w.week', '=', window.week),
      )
      .select(['p.user_id', 'u.email', 'p.subscription_plan'])
      .where('p.blocked', '=', false)
      .where('u.emailVerified', '=', true)
      .where('w.user_id', 'is', null)
      .where(sql<boolean>`coalesce(up.notification_email_weekly_summary, true)`)
      .where(sql<boolean>`coalesce(up.timezone, 'UTC') = ${timezone}`)
      .limit(500)
      .execute();
    for (const recipient of recipients) {
      const target = {
        id: recipient.user_id,
        email: recipient.email,
        isPremium: isPremiumPlan(recipient.subscription_plan),
      } as const;
      const done = await sendWeeklyMail(
        deps,
        { ...target, table: 'weekly_summary_sends', column: 'user_id', category: 'weekly' },
        window,
        summary,
      );
      if (done) sent += 1;
    }
  }
  return sent;
}
