import { sql } from 'kysely';
import type { QuestionMetrics } from '@/domain/questions/questions.schema';
import type { Db } from '../../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The admin overview's figures about questions: how many are open, the median and 90th percentile of
 * the time to the first analyst reply (over questions asked in the last 30 days that have one), and
 * how many were asked in each of the last four 7-day windows.
 */
export async function questionMetrics(db: Db, now = new Date()): Promise<QuestionMetrics> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const weeksSince = new Date(now.getTime() - 28 * DAY_MS);
  const [open, response, weeks] = await Promise.all([
    db
      .selectFrom('analyst_questions')
      .select([
        sql<string>`count(*) FILTER (WHERE status <> 'closed')`.as('open'),
        sql<string>`count(*) FILTER (WHERE status = 'open')`.as('awaiting'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('analyst_questions')
      .select([
        sql<
          number | null
        >`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at))`.as(
          'median',
        ),
        sql<
          number | null
        >`percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at))`.as(
          'p90',
        ),
        sql<string>`count(first_response_at)`.as('answered'),
        sql<string>`count(*)`.as('asked'),
      ])
      .where('created_at', '>', since)
      .where('created_at', '<=', now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('analyst_questions')
      .select([
        sql<number>`floor(extract(epoch FROM (${now}::timestamptz - created_at)) / 604800)::int`.as('ago'),
        sql<string>`count(*)`.as('n'),
      ])
      .where('created_at', '>', weeksSince)
      .where('created_at', '<=', now)
      .groupBy('ago')
      .execute(),
  ]);
  const countAgo = new Map(weeks.map((row) => [Number(row.ago), Number(row.n)]));
  const seconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));
  return {
    open: Number(open.open),
    awaitingReply: Number(open.awaiting),
    firstResponseMedianSeconds: seconds(response.median),
    firstResponseP90Seconds: seconds(response.p90),
    answeredLast30Days: Number(response.answered),
    askedLast30Days: Number(response.asked),
    weeks: [0, 1, 2, 3].map((ago) => ({
      start: new Date(now.getTime() - (ago + 1) * 7 * DAY_MS).toISOString(),
      end: new Date(now.getTime() - ago * 7 * DAY_MS).toISOString(),
      count: countAgo.get(ago) ?? 0,
    })),
  };
}
