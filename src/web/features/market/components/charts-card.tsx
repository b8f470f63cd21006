import { BarChart3 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/web/app/providers/session-provider';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { PriceWidget } from './price-widget';

const HistoryChart = lazy(() => import('./history-chart'));

/** SPEC §2 Analytics: what a non-premium user sees instead of the charts (they never get the data). */
function ChartsTeaser() {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-premium/60 bg-muted/40 p-8 text-center"
      data-testid="charts-teaser"
    >
      <BarChart3 className="size-8 text-premium" aria-hidden="true" />
      <p className="font-semibold">Advanced charting is a Premium feature</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        The live XRP/USD trading chart and market cap and dominance history over 7 days to a year.
      </p>
      <Button asChild variant="premium" size="sm">
        <Link to="/membership">Unlock Charts</Link>
      </Button>
    </div>
  );
}

function LazyHistoryChart({ series }: { series: 'market_cap' | 'dominance' }) {
  return (
    <Suspense fallback={<Spinner label="Loading chart..." />}>
      <HistoryChart series={series} />
    </Suspense>
  );
}

/** SPEC §2 Analytics chart card: Price Chart, Market Cap, Marketcap Dominance (premium). */
export function ChartsCard() {
  const { isPremium } = useSession();
  return (
    <Card data-testid="charts-card">
      <CardHeader>
        <CardTitle as="h2">XRP Charts</CardTitle>
        <CardDescription>Price, market capitalisation and market dominance.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPremium ? (
          <Tabs defaultValue="price">
            <TabsList className="w-full sm:w-auto [&>button]:px-2 [&>button]:text-xs sm:[&>button]:px-3 sm:[&>button]:text-sm">
              <TabsTrigger value="price">Price Chart</TabsTrigger>
              <TabsTrigger value="market_cap">Market Cap</TabsTrigger>
              <TabsTrigger value="dominance">Marketcap Dominance</TabsTrigger>
            </TabsList>
            <TabsContent value="price">
              <PriceWidget />
            </TabsContent>
            <TabsContent value="market_cap">
              <LazyHistoryChart series="market_cap" />
            </TabsContent>
            <TabsContent value="dominance">
              <LazyHistoryChart series="dominance" />
            </TabsContent>
          </Tabs>
        ) : (
          <ChartsTeaser />
        )}
      </CardContent>
    </Card>
  );
}
