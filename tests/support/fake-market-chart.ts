import { json, type FixtureHandler } from './fixture-server';
import { fixture } from './upstream-fixtures';

type Series = [number, number][];
export type MarketChart = Record<'prices' | 'market_caps' | 'total_volumes', Series>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far back the fake's history goes: a year, as much as the app's first sync asks for. */
export const FAKE_HISTORY_DAYS = 365;

/**
 * The spacing CoinGecko's market_chart picks when asked without `interval`: 5 minutes for the last
 * day, an hour for 2 to 90 days, a day (at 00:00 UTC) beyond.
 */
export function marketChartSpacing(days: number): number {
  if (days <= 1) return 5 * MINUTE;
  return days <= 90 ? HOUR : DAY;
}

const wave = (time: number, period: number, share: number) => share * Math.sin((2 * Math.PI * time) / period);

/**
 * A fake CoinGecko's XRP history with the recorded payload's structure and made-up values (as every
 * fixture's are): smooth moves over months, days and hours that end, at `origin`, at the recorded
 * chart's latest price, market cap and volume. A moment has one value whatever the request, so the
 * 1-day, 90-day and 365-day answers agree where they overlap, as CoinGecko's do.
 */
export function createFakeMarketChart(origin = Date.now()) {
  const recorded = fixture<MarketChart>('coingecko/market-chart-ripple-7d.json');
  const latest = (series: Series) => series.at(-1)![1];
  const price0 = latest(recorded.prices);
  const supply = latest(recorded.market_caps) / price0;
  const volume0 = latest(recorded.total_volumes);
  const priceMove = (time: number) =>
    wave(time, 53 * DAY, 0.12) +
    wave(time, 6.7 * DAY, 0.04) +
    wave(time, 7.3 * HOUR, 0.008) +
    wave(time, 47 * MINUTE, 0.002);
  const volumeMove = (time: number) => wave(time, 11 * DAY, 0.3) + wave(time, DAY, 0.1);
  const round = (value: number, digits: number) => Number(value.toFixed(digits));

  /** The figures at one moment. */
  function at(time: number) {
    const price = round(price0 * (1 + priceMove(time) - priceMove(origin)), 4);
    return {
      price,
      marketCap: round(price * supply, 3),
      volume: round(volume0 * (1 + volumeMove(time) - volumeMove(origin)), 3),
    };
  }

  /**
   * The answer to `days`: points on the spacing's grid over the span (no older than the fake's
   * year), and a last one at `now`, as CoinGecko ends every series with its latest figures.
   */
  function chart(days: number, now = Date.now()): MarketChart {
    const step = marketChartSpacing(days);
    const from = now - Math.min(days, FAKE_HISTORY_DAYS) * DAY;
    const times: number[] = [];
    for (let time = Math.ceil(from / step) * step; time <= now; time += step) times.push(time);
    if (times.at(-1) !== now) times.push(now);
    const figures = times.map((time) => [time, at(time)] as const);
    return {
      prices: figures.map(([time, { price }]) => [time, price]),
      market_caps: figures.map(([time, { marketCap }]) => [time, marketCap]),
      total_volumes: figures.map(([time, { volume }]) => [time, volume]),
    };
  }

  /** `GET /coins/ripple/market_chart?vs_currency=usd&days=N` (`days=max`: the whole year held). */
  const handler: FixtureHandler = (request, response) => {
    const raw = new URL(request.url ?? '/', 'http://x').searchParams.get('days');
    const days = raw === 'max' ? FAKE_HISTORY_DAYS : Number(raw);
    if (!raw || !Number.isFinite(days) || days <= 0) {
      json({ error: 'invalid days parameter' }, 400)(request, response);
      return;
    }
    json(chart(days))(request, response);
  };

  return { at, chart, handler };
}
