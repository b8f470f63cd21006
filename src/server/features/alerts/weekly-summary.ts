import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { sql } from 'kysely';
import { formatAmount, formatPercent, formatPrice } from '@/domain/format/format';
import { timezones } from '@/domain/preferences/preferences.schema';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { weeklySummaryEmail, type WeeklySummary } from './alerts.emails';
import { unsubscribeToken } from './unsubscribe';

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
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const [latest, before, fearGreed, whales, headlines] = await Promise.all([
    db
      .selectFrom('crypto_metrics')
      .select('price')
      .where('symbol', '=', 'XRP')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('crypto_metrics')
      .select('price')
      .where('symbol', '=', 'XRP')
      .where('created_at', '<=', weekAgo)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('fear_greed_index')
      .select(['value', 'value_classification'])
      .orderBy('timestamp', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('whale_transactions')
      .select([
        sql<string>`count(*)`.as('count'),
        sql<string | null>`sum(amount_xrp)`.as('volume'),
        sql<string | null>`max(amount_xrp)`.as('largest'),
      ])
      .where('transaction_timestamp', '>', weekAgo)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('news_articles')
      .select(['title', 'url'])
      .where('published_at', '>', weekAgo)
      .orderBy('published_at', 'desc')
      .limit(5)
      .execute(),
  ]);
  const price = latest ? Number(latest.price) : null;
  const previous = before ? Number(before.price) : null;
  const count = Number(whales.count);
  return {
    price: formatPrice(price),
    change:
      price !== null && previous
        ? formatPercent(((price - previous) / previous) * 100, { signed: true })
        : 'no change data',
    fearGreed: fearGreed ? `${fearGreed.value} (${fearGreed.value_classification})` : 'not available',
    whales:
      count === 0
        ? 'none above 1M XRP'
        : `${count} transfers, ${formatAmount(whales.volume)} XRP in total, the largest ${formatAmount(whales.largest)} XRP`,
    headlines,
  };
}

/**
 * Sends this week's summary to everyone whose Monday 08:00 has come (notification_email_weekly_summary
 * on, a free feature). A row per user and week is written before the send: a crash mid-send never
 * sends the week twice.
 */
export async function sendWeeklySummaries(
  deps: { db: Db; logger: Logger; mailer: Mailer; publicUrl: string; secret: string },
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  let summary: Omit<WeeklySummary, 'weekLabel'> | null = null;
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
      .select(['p.user_id', 'u.email'])
      .where('p.blocked', '=', false)
      .where('u.emailVerified', '=', true)
      .where('w.user_id', 'is', null)
      .where(sql<boolean>`coalesce(up.notification_email_weekly_summary, true)`)
      .where(sql<boolean>`coalesce(up.timezone, 'UTC') = ${timezone}`)
      .limit(500)
      .execute();
    for (const recipient of recipients) {
      const claimed = await deps.db
        .insertInto('weekly_summary_sends')
        .values({ user_id: recipient.user_id, week: window.week, status: 'sending' })
        .onConflict((conflict) => conflict.columns(['user_id', 'week']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) continue;
      summary ??= await buildWeeklySummary(deps.db, now);
      const message = weeklySummaryEmail(
        recipient.email,
        { ...summary, weekLabel: `week of ${format(window.monday, 'MMMM d, yyyy')}` },
        {
          publicUrl: deps.publicUrl,
          category: 'weekly',
          unsubscribeToken: unsubscribeToken(deps.secret, recipient.user_id, 'weekly'),
        },
      );
      try {
        await deps.mailer.send(message);
        await deps.db
          .updateTable('weekly_summary_sends')
          .set({ status: 'sent', sent_at: new Date() })
          .where('user_id', '=', recipient.user_id)
          .where('week', '=', window.week)
          .execute();
        sent += 1;
      } catch (error) {
        deps.logger.warn({ err: error, userId: recipient.user_id }, 'weekly summary email failed');
        await deps.db
          .updateTable('weekly_summary_sends')
          .set({ status: 'failed', error: (error as Error).message })
          .where('user_id', '=', recipient.user_id)
          .where('week', '=', window.week)
          .execute();
      }
    }
  }
  return sent;
}
