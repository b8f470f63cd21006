import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPercent, formatPrice } from '@/domain/format/format';
import type { PortfolioRange, PortfolioSummary } from '@/domain/portfolio/portfolio.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { summaryQuery } from '../api/portfolio';
import {
  changeTone,
  formatSignedUsd,
  formatUsdExact,
  formatXrp,
  formatXrpNumber,
  toneClass,
} from '../lib/format';
import { AllocationChart } from './allocation-chart';
import { Figure } from './figure';
import { ValueCard } from './value-card';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function TotalXrpFigure({ summary }: { summary: PortfolioSummary }) {
  return (
    <Figure id="total-xrp" title="Total XRP" value={formatXrp(summary.totalXrp)}>
      <p>
        Watched accounts: {formatXrp(summary.accountsXrp)} (
        {plural(summary.accountCount, 'account', 'accounts')})
      </p>
      <p>
        Manual holdings: {formatXrp(summary.lotsXrp)} ({plural(summary.lotCount, 'holding', 'holdings')})
      </p>
      {summary.accountCount > 0 && (
        <p data-testid="locked-xrp">
          Locked as reserve:{' '}
          {summary.lockedXrp === null
            ? '— the ledger’s reserve settings have not been read yet'
            : formatXrp(summary.lockedXrp)}
        </p>
      )}
      <p>XRP only: tokens are valued apart.</p>
    </Figure>
  );
}

function ValueFigure({ summary }: { summary: PortfolioSummary }) {
  const dates = useDates();
  const hasTokens = summary.tokensXrp > 0 || summary.unvaluedTokens > 0;
  return (
    <Figure
      id="value-usd"
      title="Value (USD)"
      value={summary.valueUsd === null ? null : formatUsdExact(summary.valueUsd)}
      unknownReason="No XRP price has been synced yet, so nothing can be valued in USD"
    >
      {summary.priceUsd !== null && (
        <p data-testid="price">
          Total XRP at {formatPrice(summary.priceUsd)} per XRP
          {summary.priceAt && `, the price synced ${dates.dateTime(summary.priceAt)}`}
        </p>
      )}
      {hasTokens && (
        <>
          <p data-testid="tokens-value">
            Tokens, not included: {formatXrpNumber(summary.tokensXrp)} at the ledger’s own prices
            {summary.valueWithTokensUsd !== null &&
              `; with them ${formatUsdExact(summary.valueWithTokensUsd)}`}
          </p>
          {summary.unvaluedTokens > 0 && (
            <p data-testid="unvalued-tokens">
              {plural(summary.unvaluedTokens, 'token', 'tokens')} could not be valued and{' '}
              {summary.unvaluedTokens === 1 ? 'is' : 'are'} left out
            </p>
          )}
        </>
      )}
    </Figure>
  );
}

function ChangeFigure({ summary }: { summary: PortfolioSummary }) {
  const change = summary.change24h;
  return (
    <Figure
      id="change-24h"
      title="24h change"
      value={
        change === null
          ? null
          : `${formatSignedUsd(change.usd)}${change.percent === null ? '' : ` (${formatPercent(change.percent, { signed: true })})`}`
      }
      valueClassName={change ? toneClass[changeTone(change.usd)] : undefined}
      unknownReason={summary.change24hNote}
    >
      {change && (
        <p>
          Holdings and price now against 24 hours ago
          {change.percent === null && '; no percentage: the portfolio was worth $0 then'}
        </p>
      )}
    </Figure>
  );
}

function PnlFigure({ summary }: { summary: PortfolioSummary }) {
  const pnl = summary.pnl;
  return (
    <Figure
      id="pnl"
      title="Unrealised P&L (average cost)"
      value={
        pnl === null
          ? null
          : `${formatSignedUsd(pnl.unrealisedUsd)}${pnl.unrealisedPercent === null ? '' : ` (${formatPercent(pnl.unrealisedPercent, { signed: true })})`}`
      }
      valueClassName={pnl ? toneClass[changeTone(pnl.unrealisedUsd)] : undefined}
      unknownReason={summary.pnlNote}
    >
      {pnl && (
        <>
          <p data-testid="cost-basis">
            Cost basis {formatUsdExact(pnl.costBasisUsd)}, average cost {formatPrice(pnl.averageCostUsd)} per
            XRP; worth {formatUsdExact(pnl.valueUsd)} now
          </p>
          <p>Of the {formatXrp(pnl.coveredXrp)} in manual holdings with a cost</p>
          {Number(pnl.uncoveredXrp) > 0 && (
            <p data-testid="uncovered-xrp">
              {formatXrp(pnl.uncoveredXrp)} without a cost, and the watched accounts, are left out
            </p>
          )}
          {pnl.unrealisedPercent === null && <p>No percentage: those holdings cost $0</p>}
        </>
      )}
      {summary.pnlNote && pnl && <p>{summary.pnlNote}</p>}
    </Figure>
  );
}

/** When the figures were true: the oldest account reading, and the price's time. */
function AsOf({ summary }: { summary: PortfolioSummary }) {
  const dates = useDates();
  if (summary.asOf)
    return (
      <p className="text-sm text-muted-foreground" data-testid="as-of">
        As of {dates.dateTime(summary.asOf)} {dates.zoneName(summary.asOf)}: the oldest of your accounts’
        latest readings from the XRP Ledger
      </p>
    );
  if (summary.accountCount > 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="as-of">
        As of — your accounts have not been read from the XRP Ledger yet
      </p>
    );
  return null;
}

/**
 * The portfolio's insights (`GET /api/portfolio`): totals, value, 24h change, P&L, allocation and the
 * value over time. What cannot be known is "—" with the server's reason.
 */
export function PortfolioInsights({ userId }: { userId: string }) {
  const [range, setRange] = useState<PortfolioRange>('30d');
  const summary = useQuery(summaryQuery(userId, range));
  return (
    <section aria-labelledby="insights-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="insights-heading" className="text-xl font-semibold">
          Insights
        </h2>
        {summary.data && <AsOf summary={summary.data} />}
      </div>
      {summary.isPending ? (
        <Spinner label="Loading your portfolio..." />
      ) : summary.isError ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-3 pt-6">
            <p role="alert" className="text-sm text-destructive">
              Failed to load your portfolio: {summary.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
              Try Again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          {summary.data.accountCount === 0 && summary.data.lotCount === 0 && (
            <p
              className="rounded-md border border-dashed p-4 text-sm text-muted-foreground"
              data-testid="empty"
            >
              Nothing to add up yet: watch an account or enter a manual holding below, and your totals,
              allocation and value over time appear here.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <TotalXrpFigure summary={summary.data} />
            <ValueFigure summary={summary.data} />
            <ChangeFigure summary={summary.data} />
            <PnlFigure summary={summary.data} />
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <AllocationChart slices={summary.data.allocation} />
            <div className="lg:col-span-2">
              <ValueCard
                series={summary.data.series}
                range={range}
                onRangeChange={setRange}
                isFetching={summary.isPlaceholderData}
              />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
