import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { newsStatsQuery } from '../api/news';

/**
 * One formatter: `toLocaleString('en-US')` builds a new one, locale data and all, on every call. Made
 * when the first figure arrives, not when the page's chunk loads: the browser's first Intl object
 * loads its locale data (25–40 ms on a phone-speed CPU), which delayed the page's first render.
 */
let counts: Intl.NumberFormat | undefined;

/** The news sidebar: News Overview, Recent Sources and Stay Updated. */
export function NewsSidebar({ onRefresh, refreshing }: { onRefresh(): void; refreshing: boolean }) {
  const stats = useQuery(newsStatsQuery);
  const figure = (value: number | undefined) =>
    value === undefined ? '—' : (counts ??= new Intl.NumberFormat('en-US')).format(value);
  return (
    <aside className="flex flex-col gap-4" aria-label="News overview">
      <Card>
        <CardHeader>
          <CardTitle as="h2">News Overview</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col gap-2 text-sm" data-testid="news-overview">
            {(
              [
                ['Total Articles', stats.data?.total],
                ['Today', stats.data?.today],
                ['This Week', stats.data?.thisWeek],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex justify-between">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{figure(value)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Recent Sources</CardTitle>
        </CardHeader>
        <CardContent>
          {stats.data && stats.data.recentSources.length === 0 ? (
            <p className="text-sm text-muted-foreground">No sources yet</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm" data-testid="recent-sources">
              {stats.data?.recentSources.map((source) => (
                <li key={source.name} className="flex justify-between gap-2">
                  <span className="truncate">{source.name}</span>
                  <span className="tabular-nums text-muted-foreground">{source.count}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Stay Updated</CardTitle>
          <CardDescription>Fetch the newest articles from every source now.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" className="w-full" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
            {refreshing ? 'Refreshing...' : 'Refresh News'}
          </Button>
        </CardContent>
      </Card>
    </aside>
  );
}
