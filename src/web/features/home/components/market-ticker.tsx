import { useQuery } from '@tanstack/react-query';
import { Activity, Gauge, Minus, Newspaper, TrendingDown, TrendingUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatAmount, formatPercent, formatPrice } from '@/domain/format/format';
import { useDates } from '@/web/lib/preferences';
import { useSession } from '@/web/lib/session';
import { buildTickerItems, nextTickerIndex, TICKER_INTERVAL_MS, type TickerItem } from '@/domain/home/ticker';
import { Card, CardContent } from '@/web/components/ui/card';
import { fearGreedQuery, whalesQuery } from '@/web/features/market';
import { metricsQuery } from '@/web/lib/market-queries';
import { headlinesQuery } from '@/web/features/news';
import { cn } from '@/web/lib/cn';

const numbers = {
  price: formatPrice,
  percent: (value: number) => formatPercent(value, { signed: true }),
  amount: (value: string | number) => formatAmount(value),
};

/** The ticker's items: real ones only; whale data only for those allowed to see it. */
function useTickerItems(): { items: readonly TickerItem[]; loading: boolean; failed: boolean } {
  const { isPremium } = useSession();
  const dates = useDates();
  const metrics = useQuery(metricsQuery);
  const fearGreed = useQuery(fearGreedQuery);
  const whales = useQuery({ ...whalesQuery, enabled: isPremium });
  const headlines = useQuery(headlinesQuery);
  const latest = metrics.data?.latest;
  const reading = fearGreed.data?.latest;
  const whale = isPremium ? whales.data?.[0] : undefined;
  const loading = metrics.isPending || fearGreed.isPending || headlines.isPending;
  // Every request refused or unanswered: not "nothing fetched yet".
  const failed = metrics.isError && fearGreed.isError && headlines.isError;
  const items = buildTickerItems(
    {
      price: latest
        ? {
            price: latest.price,
            changePercent24h: latest.priceChange24h === null ? null : Number(latest.priceChange24h),
            at: latest.createdAt,
          }
        : null,
      fearGreed: reading
        ? { value: reading.value, classification: reading.classification, at: reading.timestamp }
        : null,
      whale: whale ? { id: whale.id, amountXrp: whale.amountXrp, at: whale.transactionTimestamp } : null,
      headlines: (headlines.data?.articles ?? []).map((article) => ({
        id: article.id,
        title: article.title,
        at: article.publishedAt,
        dated: article.dated,
      })),
    },
    { ...numbers, age: dates.age },
  );
  return { items, loading, failed };
}

const icons = { whale: Activity, news: Newspaper, 'fear-greed': Gauge };

/** The home page's Market Updates, rotating every 4 s, with dots to pick an item. */
export function MarketTicker() {
  const { items, loading, failed } = useTickerItems();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((current) => nextTickerIndex(current, items.length)),
      TICKER_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [items.length]);
  const item = items.length > 0 ? items[index % items.length]! : null;
  const Icon = !item
    ? Minus
    : item.type === 'price'
      ? item.trend === 'down'
        ? TrendingDown
        : item.trend === 'up'
          ? TrendingUp
          : Minus
      : icons[item.type];
  return (
    <section aria-labelledby="ticker-heading">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div
            className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4"
            aria-live="polite"
            data-testid="ticker-item"
          >
            {/* On a phone the heading has its own line, so the item gets the card's whole width. */}
            <h2
              id="ticker-heading"
              className="shrink-0 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
            >
              Market Updates
            </h2>
            <div className="flex min-w-0 items-center gap-4">
              <Icon
                className={cn('size-5 shrink-0', item?.trend === 'down' ? 'text-red-600' : 'text-primary')}
                aria-hidden="true"
              />
              {/* Exactly two title lines and the age line, whatever the item: items of every length
                rotate through without moving the page; the price sits on the age line, so a
                wrapped title never hides it. */}
              <div className="flex h-16 min-w-0 flex-col justify-center overflow-hidden">
                {item ? (
                  <>
                    <span className="line-clamp-2 font-medium" data-testid="ticker-title">
                      {item.title}
                    </span>
                    {/* The price never shrinks: only the age gives way on a narrow screen. */}
                    <span className="flex min-w-0 text-xs text-muted-foreground" data-testid="ticker-meta">
                      {item.price && (
                        <span className="shrink-0 whitespace-pre font-semibold tabular-nums text-foreground">
                          <span data-testid="ticker-price">{item.price}</span> ·{' '}
                        </span>
                      )}
                      <span className="truncate">{item.time}</span>
                    </span>
                  </>
                ) : loading ? (
                  <span className="text-sm text-muted-foreground">Loading market updates...</span>
                ) : failed ? (
                  <>
                    <span className="font-medium">Market updates could not be loaded</span>
                    <span className="text-xs text-muted-foreground">
                      The server did not answer; they appear here again when it does.
                    </span>
                  </>
                ) : (
                  <>
                    <span className="font-medium">No market updates yet</span>
                    <span className="text-xs text-muted-foreground">
                      The price, Fear &amp; Greed and headlines appear here once they are first fetched.
                    </span>
                  </>
                )}
              </div>
            </div>
          </div>
          <div
            className={cn('flex gap-2', items.length < 2 && 'invisible')}
            role="group"
            aria-label="Choose an update"
          >
            {items.map((entry, position) => (
              <button
                key={entry.id}
                type="button"
                aria-label={`Show update ${position + 1} of ${items.length}`}
                aria-pressed={position === index % items.length}
                onClick={() => setIndex(position)}
                className={cn(
                  'size-3 rounded-full',
                  position === index % items.length ? 'bg-primary' : 'bg-muted-foreground/40',
                )}
              />
            ))}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
