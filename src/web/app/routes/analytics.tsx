import { pageHeadings } from '@/domain/routing/page-headings';
import { Crown } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { ChartsCard } from '@/web/features/market/components/charts-card';
import { DominoTracker } from '@/web/features/market/components/domino-tracker';
import { MarketOverview } from '@/web/features/market/components/metrics-grid';
import { WhaleActivity } from '@/web/features/market/components/whale-activity';
import { PageHeading } from './page-heading';

/** The analytics dashboard: metrics, charts, whale activity and the Domino Theory tracker. */
export function Component() {
  const { isPremium } = useSession();
  // The sections below the first screen render in a second pass React can interrupt, so the first
  // one (heading, metrics, Fear & Greed) is not held up behind them; a screen's height holds their
  // place meanwhile, keeping the footer out of view.
  const restShown = useDeferredValue(true, false);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={pageHeadings.analytics.title}>{pageHeadings.analytics.description}</PageHeading>
      {!isPremium && (
        <Card className="border-premium/50" data-testid="upgrade-banner">
          <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
            <p className="flex items-center gap-2 text-sm">
              <Crown className="size-5 text-premium" aria-hidden="true" />
              Unlock charts, whale tracking and every institutional event with Premium.
            </p>
            <Button asChild variant="premium">
              <Link to="/membership">Upgrade to Premium</Link>
            </Button>
          </CardContent>
        </Card>
      )}
      <MarketOverview />
      {restShown ? (
        <>
          <ChartsCard />
          <WhaleActivity />
          <DominoTracker />
        </>
      ) : (
        <div className="min-h-screen" />
      )}
    </div>
  );
}
