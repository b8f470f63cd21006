import { useQuery } from '@tanstack/react-query';
import { Activity, Newspaper, TrendingDown, TrendingUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatAmount, formatPercent, formatPrice, formatRelativeTime } from '@/domain/format/format';
import { useSession } from '@/web/app/providers/session-provider';
import { buildTickerItems, nextTickerIndex, TICKER_INTERVAL_MS, type TickerItem } from '@/domain/home/ticker';
import { Card, CardContent } from '@/web/components/ui/card';
import { metricsQuery, whalesQuery } from '@/web/features/market/api/market';
import { headlinesQuery } from '@/web/features/news/api/news';
import { cn } from '@/web/lib/cn';

const tickerFormat = {
  price: formatPrice,
  percent: (value: number) => formatPercent(value, { signed: true }),
  amount: (value: string | number) => formatAmount(value),
  relative: (at: string) => formatRelativeTime(at),
};

/** SPEC §2 Home: the sample items until live data exists; whale data only for those allowed to see it. */
function useTickerItems(): readonly TickerItem[] {
  const { isPremium } = useSession();
  const metrics = useQuery(metricsQuery);
  const whales = useQuery({ ...whalesQuery, enabled: isPremium });
  const headlines = useQuery(headlinesQuery);
  const latest = metrics.data?.latest;
  const whale = isPremium ? whales.data?.[0] : undefined;
  return buildTickerItems(
    {
      price: latest
        ? {
            price: latest.price,
            changePercent24h: latest.priceChange24h === null ? null : Number(latest.priceChange24h),
            at: latest.createdAt,
          }
        : null,
      whale: whale ? { id: whale.id, amountXrp: whale.amountXrp, at: whale.transactionTimestamp } : null,
      headlines: (headlines.data?.articles ?? []).map((article) => ({
        id: article.id,
        title: article.title,
        at: article.publishedAt,
      })),
    },
    tickerFormat,
  );
}

const icons = { whale: Activity, news: Newspaper };

/** SPEC §2 Home: Market Updates, rotating every 4 s, with dots to pick an item. */
export function MarketTicker() {
  const items = useTickerItems();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((current) => nextTickerIndex(current, items.length)),
      TICKER_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [items.length]);
  const item = items[index % items.length]!;
  const Icon = item.type === 'price' ? (item.trend === 'down' ? TrendingDown : TrendingUp) : icons[item.type];
  return (
    <section aria-labelledby="ticker-heading">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-4" aria-live="polite" data-testid="ticker-item">
            <h2
              id="ticker-heading"
              className="shrink-0 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
            >
              Market Updates
            </h2>
            <Icon
              className={cn('size-5 shrink-0', item.trend === 'down' ? 'text-red-600' : 'text-primary')}
              aria-hidden="true"
            />
            {/* Room for a two-line title always: items of every length rotate through, and live
                items replace the samples, without moving the page. */}
            <div className="flex min-h-16 flex-col justify-center">
              <span className="line-clamp-2 font-medium">
                {item.title}
                {item.price && <span className="ml-2 tabular-nums">{item.price}</span>}
              </span>
              <span className="text-xs text-muted-foreground">{item.time}</span>
            </div>
          </div>
          <div className="flex gap-2" role="group" aria-label="Choose an update">
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
