import { sql } from 'kysely';
import { sendWeeklyMail, summaryOnce, weeklyWindow, type WeeklyDeps } from './weekly-mail.service';

/**
 * The weekly summary for confirmed newsletter subscribers, on Monday from 08:00 UTC. An address whose
 * account already receives the summary (verified, not blocked, the preference on) is skipped, so
 * nobody gets it twice. A row per subscriber and week is written before the send: a crash mid-send
 * never sends the week twice.
 */
export async function sendNewsletterSummaries(deps: WeeklyDeps, now: Date = new Date()): Promise<number> {
  const window = weeklyWindow(now, 'UTC');
  if (!window) return 0;
  const recipients = await deps.db
    .selectFrom('newsletter_subscribers as n')
    .leftJoin('newsletter_sends as s', (join) =>
      join.onRef('s.subscriber_id', '=', 'n.id').on('s.week', '=', window.week),
    )
    .select(['n.id', 'n.email'])
    .where('n.status', '=', 'confirmed')
    .where('s.subscriber_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user as u')
            .innerJoin('profiles as p', 'p.user_id', 'u.id')
            .leftJoin('user_preferences as up', 'up.user_id', 'u.id')
            .select('u.id')
            .where(sql<boolean>`lower(u.email) = n.email`)
            .where('u.emailVerified', '=', true)
            .where('p.blocked', '=', false)
            .where(sql<boolean>`coalesce(up.notification_email_weekly_summary, true)`),
        ),
      ),
    )
    .limit(500)
    .execute();
  let sent = 0;
  const summary = summaryOnce(deps.db, now);
  for (const { id, email } of recipients) {
    const target = { table: 'newsletter_sends', column: 'subscriber_id', category: 'newsletter' } as const;
    if (await sendWeeklyMail(deps, { ...target, id, email, isPremium: false }, window, summary)) sent += 1;
  }
  return sent;
}
