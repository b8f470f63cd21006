import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminOverview } from '@/domain/admin/admin.schema';
import { formatPlanPrice } from '@/domain/billing/price';
import type { QuestionMetrics } from '@/domain/questions/questions.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { billingConfigQuery } from '@/web/features/billing';
import { useDates } from '@/web/lib/preferences';
import { overviewQuery, serverHealthQuery } from '../api/admin';
import { formatDuration } from '../lib/durations';

/** An amount in minor units (cents) of `currency`: whole amounts without cents. */
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);

function Stat({ title, value, note }: { title: string; value: ReactNode; note?: string }) {
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

/** A figure that may be missing: "—", said as "none" to a screen reader. */
const orNone = (value: string | null) =>
  value ?? (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </>
  );

/** "12 paying · 3 granted by admins · 2 complimentary", trials and failed payments when any. */
function premiumSplit(data: AdminOverview): string {
  const parts = [
    `${data.payingPremiumUsers} paying`,
    `${data.grantedPremiumUsers} granted by admins`,
    `${data.complimentaryUsers} complimentary`,
  ];
  if (data.unpaidPremiumUsers > 0) parts.push(`${data.unpaidPremiumUsers} on trial or with a failed payment`);
  return parts.join(' · ');
}

/**
 * Paying members × Premium's price as the billing provider holds it, per month; "—" and why
 * when the price is unknown. Admin-granted and complimentary members pay nothing and are not counted.
 * In test mode the note says nothing is charged: the figures are the test provider's, not money.
 */
function RevenueStat({ data }: { data: AdminOverview }) {
  const testMode = useQuery(billingConfigQuery).data?.mode === 'test';
  const price = data.premiumPrice;
  const currency = price?.currency ?? 'usd';
  const billed = `billed: ${money(data.recurringRevenueCents, currency)} recurring${
    testMode ? ' (test mode: nothing charged)' : ''
  }`;
  if (!price || data.estimatedMonthlyRevenueCents === null)
    return (
      <Stat
        title="Monthly Revenue"
        value={
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Unknown</span>
          </>
        }
        note={`${data.revenueUnknownReason ?? "Premium's price is unknown"}; ${billed}`}
      />
    );
  const { amount, period } = formatPlanPrice(price);
  return (
    <Stat
      title="Monthly Revenue"
      value={money(data.estimatedMonthlyRevenueCents, currency)}
      note={`Estimated: ${data.payingPremiumUsers} paying × ${amount} ${period}; ${billed}`}
    />
  );
}

/**
 * How late this server process's event loop ran lately. While it is held no request is
 * answered, so a high figure here is a stall every member felt.
 */
function EventLoopStat() {
  const health = useQuery(serverHealthQuery);
  const loop = health.data?.eventLoop;
  const unknown = health.isError
    ? 'Could not read the server’s health'
    : health.isPending
      ? 'Loading...'
      : 'No samples yet';
  return (
    <Stat
      title="Event-loop delay (p99)"
      value={loop?.p99Ms != null ? `${loop.p99Ms} ms` : orNone(null)}
      note={
        loop?.p99Ms != null
          ? `Longest ${loop.maxMs ?? 0} ms over the last ${formatDuration(loop.windowSeconds)} of this process`
          : unknown
      }
    />
  );
}

const questionsWord = (count: number) => (count === 1 ? 'question' : 'questions');

/** Questions to the analysts: open ones, first response times (last 30 days), and a week's. */
function QuestionStats({ metrics }: { metrics: QuestionMetrics }) {
  const dates = useDates();
  const answered =
    metrics.firstResponseMedianSeconds === null
      ? 'No answered questions in the last 30 days'
      : `${metrics.answeredLast30Days} of ${metrics.askedLast30Days} ${questionsWord(metrics.askedLast30Days)} asked in the last 30 days answered`;
  const duration = (seconds: number | null) => orNone(seconds === null ? null : formatDuration(seconds));
  const counts = metrics.weeks.map((week) => week.count);
  const average = counts.length ? counts.reduce((sum, count) => sum + count, 0) / counts.length : 0;
  const oldest = metrics.weeks.at(-1);
  return (
    <>
      <Stat
        title="Open questions"
        value={String(metrics.open)}
        note={`${metrics.awaitingReply} waiting for a reply`}
      />
      <Stat
        title="First response (median)"
        value={duration(metrics.firstResponseMedianSeconds)}
        note={answered}
      />
      <Stat
        title="First response (90th percentile)"
        value={duration(metrics.firstResponseP90Seconds)}
        note={answered}
      />
      <Stat
        title="Questions per week"
        value={Number.isInteger(average) ? String(average) : average.toFixed(1)}
        note={
          oldest
            ? `Average of the last ${counts.length} weeks since ${dates.shortDate(oldest.start)}; newest first: ${counts.join(', ')}`
            : 'No weeks yet'
        }
      />
    </>
  );
}

/**
 * Admin → Overview: the stat cards (the revenue estimate at Premium's real price), and
 * the questions to the analysts.
 */
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
      <Stat title="Premium Users" value={String(data.premiumUsers)} note={premiumSplit(data)} />
      <Stat
        title="Active Users"
        value={String(data.activeUsers)}
        note="Profiles updated in the last 30 days"
      />
      <RevenueStat data={data} />
      <Stat title="News Articles" value={String(data.newsArticles)} />
      <Stat title="Whale Transactions (24h)" value={String(data.whaleTransactions24h)} />
      <Stat
        title="Recent Syncs"
        value={String(data.recentSyncs)}
        note={`Last 24 hours · ${data.recentSyncErrors} with errors`}
      />
      <QuestionStats metrics={data.questions} />
      <EventLoopStat />
    </div>
  );
}
