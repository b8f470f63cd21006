import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@/domain/format/format';
import { metricsQuery } from '@/web/lib/market-queries';
import { useDates } from '@/web/lib/preferences';

/** The latest stored XRP price and its time, beside the price target form; "—" and why when unknown. */
export function CurrentPrice() {
  const dates = useDates();
  const metrics = useQuery(metricsQuery);
  const latest = metrics.data?.latest ?? null;
  const reason = metrics.isPending
    ? 'Loading the latest price...'
    : metrics.isError
      ? 'The latest price could not be loaded.'
      : latest
        ? null
        : metrics.data.source.failingSince
          ? `No XRP price is stored: the market sync has failed since ${dates.dateTime(metrics.data.source.failingSince)}.`
          : 'No XRP price is stored yet: the first market sync has not run.';
  return (
    <section aria-labelledby="current-price-label" className="rounded-md border bg-muted/40 p-4 text-sm">
      <h3 id="current-price-label" className="font-medium text-muted-foreground">
        XRP now
      </h3>
      <p className="text-2xl font-semibold tabular-nums" data-testid="current-price">
        {latest && !reason ? formatPrice(latest.price) : '—'}
      </p>
      <p className="text-xs text-muted-foreground">
        {latest && !reason
          ? `As of ${dates.dateTime(latest.createdAt)} ${dates.zoneName(latest.createdAt)}`
          : reason}
      </p>
    </section>
  );
}
