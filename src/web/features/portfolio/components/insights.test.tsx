// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDateFormatter } from '@/domain/format/dates';
import type { PortfolioSummary } from '@/domain/portfolio/portfolio.schema';
import { stubCanvas } from '../../../../../tests/support/canvas';
import { freezeDate } from '../../../../../tests/support/clock';
import { member } from '../../../../../tests/support/members';
import { renderApp, ZoneProbe, zoneApplied } from '../../../../../tests/support/render-app';
import { summary } from '../test-fixtures';
import { PortfolioInsights } from './insights';

freezeDate(new Date('2026-11-25T12:00:00.000Z'));
beforeEach(stubCanvas);

const tokyo = createDateFormatter({ timeZone: 'Asia/Tokyo', dateFormat: 'US' });
const premium = member({ plan: 'premium', timezone: 'Asia/Tokyo' });

async function renderInsights(answer: PortfolioSummary | ((request: Request) => unknown)) {
  const view = renderApp(
    <>
      <ZoneProbe />
      <PortfolioInsights userId={premium.session.user!.id} />
    </>,
    { session: premium.session, api: { ...premium.api, 'GET /api/portfolio': answer } },
  );
  await zoneApplied('Asia/Tokyo');
  return view;
}

const figure = async (id: string) => within(await screen.findByTestId(`figure-${id}`));
const valueOf = async (id: string) => (await figure(id)).getByTestId('value').textContent;

describe('PortfolioInsights', () => {
  it('shows the totals, their value at the synced price and its time, 24h change, P&L and allocation', async () => {
    await renderInsights(summary());

    const total = await figure('total-xrp');
    expect(await valueOf('total-xrp')).toBe('15,000.5 XRP');
    expect(total.getByText('Watched accounts: 12,000.5 XRP (1 account)')).toBeTruthy();
    expect(total.getByText('Manual holdings: 3,000 XRP (2 holdings)')).toBeTruthy();
    expect(total.getByTestId('locked-xrp').textContent).toBe('Locked as reserve: 1.2 XRP');

    const value = await figure('value-usd');
    expect(await valueOf('value-usd')).toBe('$37,501.25');
    await waitFor(() =>
      expect(value.getByTestId('price').textContent).toBe(
        `Total XRP at $2.5000 per XRP, the price synced ${tokyo.dateTime('2026-11-25T10:00:00.000Z')}`,
      ),
    );
    expect(value.getByTestId('tokens-value').textContent).toBe(
      'Tokens, not included: 250 XRP at the ledger’s own prices; with them $38,126.25',
    );
    expect(value.getByTestId('unvalued-tokens').textContent).toBe(
      '1 token could not be valued and is left out',
    );

    expect(await valueOf('change-24h')).toBe('+$1,250.50 (+3.45%)');
    expect(await valueOf('pnl')).toBe('+$4,000.00 (+400.00%)');
    const pnl = await figure('pnl');
    expect(pnl.getByTestId('cost-basis').textContent).toBe(
      'Cost basis $1,000.00, average cost $0.5000 per XRP; worth $5,000.00 now',
    );
    expect(pnl.getByTestId('uncovered-xrp').textContent).toContain('1,000 XRP without a cost');

    expect(screen.getByTestId('as-of').textContent).toContain(
      `As of ${tokyo.dateTime('2026-11-25T11:30:00.000Z')} ${tokyo.zoneName('2026-11-25T11:30:00.000Z')}`,
    );

    const slices = within(screen.getByTestId('allocation')).getAllByTestId('allocation-slice');
    expect(slices.map((slice) => slice.textContent)).toEqual([
      'Cold wallet80.00% · 12,000.5 XRP',
      'Manual holdings20.00% · 3,000 XRP',
    ]);

    // The chart names its latest point in the member's zone.
    const legend = await screen.findByTestId('chart-legend');
    await waitFor(() =>
      expect(within(legend).getByTestId('legend-time').textContent).toBe(
        `${tokyo.dateTime('2026-11-25T10:00:00.000Z')} ${tokyo.zoneName('2026-11-25T10:00:00.000Z')}`,
      ),
    );
    expect(legend.textContent).toContain('Value $37,501.25');
    expect(screen.getByTestId('series-note').textContent).toBe(
      `Since ${tokyo.dateTime('2026-11-23T12:00:00.000Z')}`,
    );
  });

  it('shows "—" with the reason for every figure that cannot be known, never a 0', async () => {
    await renderInsights(
      summary({
        priceUsd: null,
        priceAt: null,
        valueUsd: null,
        valueWithTokensUsd: null,
        lockedXrp: null,
        tokensXrp: 0,
        unvaluedTokens: 0,
        change24h: null,
        change24hNote: 'No value stored from 24 hours ago yet',
        pnl: null,
        pnlNote: 'No holding has a cost per XRP: give one a cost to see P&L',
        asOf: null,
        series: {
          range: '30d',
          points: [],
          startsAt: null,
          note: null,
        },
      }),
    );

    expect(await valueOf('value-usd')).toBe('—');
    expect((await figure('value-usd')).getByTestId('unknown-reason').textContent).toBe(
      'No XRP price has been synced yet, so nothing can be valued in USD',
    );
    expect(await valueOf('change-24h')).toBe('—');
    expect((await figure('change-24h')).getByTestId('unknown-reason').textContent).toBe(
      'No value stored from 24 hours ago yet',
    );
    expect(await valueOf('pnl')).toBe('—');
    expect((await figure('pnl')).getByTestId('unknown-reason').textContent).toBe(
      'No holding has a cost per XRP: give one a cost to see P&L',
    );
    expect(screen.getByTestId('locked-xrp').textContent).toBe(
      'Locked as reserve: — the ledger’s reserve settings have not been read yet',
    );
    expect(screen.getByTestId('as-of').textContent).toBe(
      'As of — your accounts have not been read from the XRP Ledger yet',
    );
    // No chart over nothing: the empty state, saying what fills it.
    const empty = screen.getByTestId('series-empty');
    expect(empty.textContent).toContain('No values for this range yet');
    expect(empty.textContent).toContain(
      'Values appear once you hold XRP here and the market price has been synced',
    );
    expect(screen.queryByTestId('chart-canvas')).toBeNull();
    expect(screen.queryByText(/\$0\.00/)).toBeNull();
  });

  it('asks for the range chosen with the 7D / 30D / 1Y buttons', async () => {
    const view = await renderInsights((request: Request) => {
      const range = new URL(request.url).searchParams.get('range') as '7d' | '30d' | '1y';
      return summary({ series: { ...summary().series, range } });
    });
    const ranges = within(await screen.findByRole('group', { name: 'Chart range' }));
    expect(ranges.getByRole('button', { name: '30D' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(ranges.getByRole('button', { name: '1Y' }));
    await waitFor(() => expect(view.requests).toContain('GET /api/portfolio?range=1y'));
    expect(ranges.getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
    expect(ranges.getByRole('button', { name: '30D' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says so when nothing is held yet', async () => {
    await renderInsights(
      summary({
        accountCount: 0,
        lotCount: 0,
        totalXrp: '0',
        accountsXrp: '0',
        lotsXrp: '0',
        allocation: [],
      }),
    );
    expect((await screen.findByTestId('empty')).textContent).toContain('Nothing to add up yet');
    expect(screen.getByText('No XRP to allocate yet.')).toBeTruthy();
  });

  it('shows the error with a way to try again', async () => {
    await renderInsights(() => ({
      status: 503,
      body: { error: { code: 'unavailable', message: 'The database is busy. Try again.' } },
    }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load your portfolio: The database is busy. Try again.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
