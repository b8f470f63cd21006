import { useQuery } from '@tanstack/react-query';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { overviewQuery } from '../api/admin';

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    value,
  );

function Stat({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card data-testid="admin-stat">
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        {note && <p className="text-xs text-muted-foreground">{note}</p>}
      </CardContent>
    </Card>
  );
}

/** SPEC §2 Admin Overview: the stat cards (SPEC §9: estimated revenue is $10 per paying member). */
export function OverviewTab() {
  const overview = useQuery(overviewQuery);
  if (overview.isPending) return <Spinner label="Loading..." />;
  if (overview.isError)
    return (
      <div role="alert" className="flex items-center gap-4 text-destructive">
        Failed to load the overview
        <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
          Try Again
        </Button>
      </div>
    );
  const data = overview.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Stat title="Total Users" value={String(data.totalUsers)} note={`${data.blockedUsers} blocked`} />
      <Stat
        title="Premium Users"
        value={String(data.premiumUsers)}
        note={`${data.paidPremiumUsers} paid · ${data.complimentaryUsers} complimentary`}
      />
      <Stat
        title="Active Users"
        value={String(data.activeUsers)}
        note="Profiles updated in the last 30 days"
      />
      <Stat
        title="Monthly Revenue"
        value={usd(data.estimatedMonthlyRevenueUsd)}
        note={`Estimated; billed: ${usd(data.recurringRevenueCents / 100)} recurring`}
      />
      <Stat title="News Articles" value={String(data.newsArticles)} />
      <Stat title="Whale Transactions (24h)" value={String(data.whaleTransactions24h)} />
      <Stat
        title="Recent Syncs"
        value={String(data.recentSyncs)}
        note={`Last 24 hours · ${data.recentSyncErrors} with errors`}
      />
    </div>
  );
}
