import { dailyReadings, rangeDays, type FearGreedRange } from '@/domain/market/history';
import type { FearGreedHistoryView } from '@/domain/market/market.schema';
import type { Db } from '../../db/client';

/**
 * The stored Fear & Greed readings over a range (the whole alternative.me history is backfilled), one
 * per day, increasing. The range counts back from now, as the market charts do: when the readings
 * stop or start inside it, the chart shows that rather than borrowing older days. `since` is set when
 * nothing is stored from before the range starts.
 */
export async function getFearGreedHistory(db: Db, range: FearGreedRange): Promise<FearGreedHistoryView> {
  const start = Number.isFinite(rangeDays[range])
    ? new Date(Date.now() - rangeDays[range] * 86_400_000)
    : null;
  let query = db.selectFrom('fear_greed_index').select(['timestamp', 'value', 'value_classification']);
  if (start) query = query.where('timestamp', '>=', start);
  const rows = await query.orderBy('timestamp').execute();
  const earlier = start
    ? await db
        .selectFrom('fear_greed_index')
        .select('timestamp')
        .where('timestamp', '<', start)
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const first = rows[0]?.timestamp;
  return {
    range,
    points: dailyReadings(
      rows.map((row) => ({
        time: row.timestamp.getTime(),
        value: row.value,
        classification: row.value_classification,
      })),
    ),
    since: start && !earlier && first ? first.toISOString() : null,
  };
}
