import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';

// The chart library comes with the chart, as on the dashboard's chart card.
const ExchangeFlowsChart = lazy(() => import('./exchange-flows-chart'));

/** The whale page's exchange flows: net bars, their running total and the exchanges' table. */
export function ExchangeFlowsCard() {
  return (
    <Card data-testid="exchange-flows-card">
      <CardHeader>
        <CardTitle as="h2">Exchange flows</CardTitle>
        <CardDescription>XRP moving onto and off the exchanges the registry names.</CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Spinner label="Loading chart..." />}>
          <ExchangeFlowsChart />
        </Suspense>
      </CardContent>
    </Card>
  );
}
