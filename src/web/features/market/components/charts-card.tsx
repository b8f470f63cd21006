import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/web/lib/session';
import { useNearView } from '@/web/lib/use-near-view';
import { ChartAttribution } from '@/web/components/chart-attribution';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';

// Loaded lazily: the chart library is only fetched by premium members, once the card is near the
// screen (below the first screen on a phone) or they do anything on the page.
const PriceChart = lazy(() => import('./price-chart'));
const HistoryChart = lazy(() => import('./history-chart'));
const FearGreedChart = lazy(() => import('./fear-greed-chart'));
const ExchangeFlowsChart = lazy(() => import('./exchange-flows-chart'));

/** Analytics: what a non-premium user sees instead of the charts (they never get the data). */
function ChartsTeaser() {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-premium/60 bg-muted/40 p-8 text-center"
      data-testid="charts-teaser"
    >
      <BarChart3 className="size-8 text-premium" aria-hidden="true" />
      <p className="font-semibold">Advanced charting is a Premium feature</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        XRP price as line or candles with volume, market cap, dominance and Fear &amp; Greed history, from 24
        hours to all we hold, and the XRP flowing onto and off named exchanges.
      </p>
      <Button asChild variant="premium" size="sm">
        <Link to="/membership">Unlock Charts</Link>
      </Button>
    </div>
  );
}

/** A chart, once the card is near the screen; until then the same spinner as while it loads. */
function Lazy({ near, children }: { near: boolean; children: ReactNode }) {
  const loading = <Spinner label="Loading chart..." />;
  return near ? <Suspense fallback={loading}>{children}</Suspense> : loading;
}

/**
 * The analytics chart card (premium): Price Chart, Market Cap, Marketcap Dominance, the Fear
 * & Greed history and the exchange flows. Every tab is our own chart of stored records; the price tab offers TradingView's
 * widget as an extra, loaded only when a member picks it.
 */
export function ChartsCard() {
  const { isPremium } = useSession();
  const card = useRef<HTMLDivElement>(null);
  const near = useNearView(card);
  return (
    <Card ref={card} data-testid="charts-card">
      <CardHeader>
        <CardTitle as="h2">XRP Charts</CardTitle>
        <CardDescription>
          Price, market capitalisation, market dominance, Fear &amp; Greed and XRP flowing onto and off
          exchanges.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPremium ? (
          <>
            <Tabs defaultValue="price">
              <TabsList className="h-auto w-full flex-wrap sm:w-auto [&>button]:px-2 [&>button]:text-xs sm:[&>button]:px-3 sm:[&>button]:text-sm">
                <TabsTrigger value="price">Price Chart</TabsTrigger>
                <TabsTrigger value="market_cap">Market Cap</TabsTrigger>
                <TabsTrigger value="dominance">Marketcap Dominance</TabsTrigger>
                <TabsTrigger value="fear_greed">Fear &amp; Greed</TabsTrigger>
                <TabsTrigger value="exchange_flows">Exchange Flows</TabsTrigger>
              </TabsList>
              <TabsContent value="price">
                <Lazy near={near}>
                  <PriceChart />
                </Lazy>
              </TabsContent>
              <TabsContent value="market_cap">
                <Lazy near={near}>
                  <HistoryChart series="market_cap" />
                </Lazy>
              </TabsContent>
              <TabsContent value="dominance">
                <Lazy near={near}>
                  <HistoryChart series="dominance" />
                </Lazy>
              </TabsContent>
              <TabsContent value="fear_greed">
                <Lazy near={near}>
                  <FearGreedChart />
                </Lazy>
              </TabsContent>
              <TabsContent value="exchange_flows">
                <Lazy near={near}>
                  <ExchangeFlowsChart />
                </Lazy>
              </TabsContent>
            </Tabs>
            <ChartAttribution />
          </>
        ) : (
          <ChartsTeaser />
        )}
      </CardContent>
    </Card>
  );
}
