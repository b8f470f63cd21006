// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeFlows, ExchangeReserves } from '@/domain/whales/flows.schema';
import { stubCanvas } from '../../../../../tests/support/canvas';
import { freezeDate } from '../../../../../tests/support/clock';
import { member } from '../../../../../tests/support/members';
import { renderApp, zoneApplied, ZoneProbe } from '../../../../../tests/support/render-app';
import { ChartsCard } from './charts-card';
import { flowPoints } from './exchange-flows-chart';

const NOW = new Date('2026-11-20T10:30:00.000Z');
freezeDate(NOW);
beforeEach(stubCanvas);

/** GET /api/flows/exchanges?range=7d: three hours with payments, the middle one net off exchanges. */
const week: ExchangeFlows = {
  range: '7d',
  bucket: 'hour',
  since: '2026-11-14T08:00:00.000Z',
  series: [
    { at: '2026-11-20T07:00:00.000Z', inflowXrp: '30000000', outflowXrp: '0', netXrp: '30000000' },
    { at: '2026-11-20T08:00:00.000Z', inflowXrp: '0', outflowXrp: '12500000', netXrp: '-12500000' },
    { at: '2026-11-20T10:00:00.000Z', inflowXrp: '2000000', outflowXrp: '500000', netXrp: '1500000' },
  ],
  exchanges: [
    {
      entity: 'Binance',
      inflow24hXrp: '32000000',
      outflow24hXrp: '0',
      net24hXrp: '32000000',
      net7dXrp: '40000000.5',
    },
    {
      entity: 'Kraken',
      inflow24hXrp: '0',
      outflow24hXrp: '13000000',
      net24hXrp: '-13000000',
      net7dXrp: '-13000000',
    },
  ],
};

/** The same flows by the member's days (30D): two days in Tokyo. */
const month: ExchangeFlows = {
  ...week,
  range: '30d',
  bucket: 'day',
  series: [
    { at: '2026-11-18T15:00:00.000Z', inflowXrp: '1000000', outflowXrp: '4000000', netXrp: '-3000000' },
    { at: '2026-11-19T15:00:00.000Z', inflowXrp: '32000000', outflowXrp: '13000000', netXrp: '19000000' },
  ],
};

/** GET /api/flows/reserves?range=7d: two hourly readings; Kraken has none a day older. */
const reserves: ExchangeReserves = {
  range: '7d',
  bucket: 'hour',
  since: '2026-11-14T08:00:00.000Z',
  latest: { ledgerIndex: 99_100_123, at: '2026-11-20T10:00:03.000Z' },
  series: [
    { at: '2026-11-20T09:00:02.000Z', ledgerIndex: 99_099_100, balanceXrp: '1700000' },
    { at: '2026-11-20T10:00:03.000Z', ledgerIndex: 99_100_123, balanceXrp: '1800000' },
  ],
  exchanges: [
    {
      entity: 'Binance',
      balanceXrp: '1500000',
      accounts: 13,
      change24hXrp: '300000',
      change24hPercent: 25,
      change24hUnknown: null,
    },
    {
      entity: 'Kraken',
      balanceXrp: '300000',
      accounts: 3,
      change24hXrp: null,
      change24hPercent: null,
      change24hUnknown: 'no_older_reading',
    },
  ],
};

const byRange = (request: Request) =>
  new URL(request.url).searchParams.get('range') === '30d' ? month : week;

function renderFlows(answer: unknown = byRange) {
  const { session, api } = member({ plan: 'premium', timezone: 'Asia/Tokyo' });
  const view = renderApp(
    <>
      <ChartsCard />
      <ZoneProbe />
    </>,
    {
      session,
      api: {
        ...api,
        'GET /api/market/history': { status: 500, body: {} },
        'GET /api/flows/exchanges': answer,
        'GET /api/flows/reserves': reserves,
      },
    },
  );
  return view;
}

async function openFlowsTab() {
  await zoneApplied('Asia/Tokyo');
  fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Exchange Flows' }), { button: 0 });
  return screen.findByRole('tabpanel', { name: 'Exchange Flows' });
}

const waitLong = <T,>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5000 });

describe('the running total of net flow', () => {
  it('adds each bucket’s net to those before it, from the first bucket shown', () => {
    expect(flowPoints(week.series).map((point) => point.cumulative)).toEqual([
      30_000_000, 17_500_000, 19_000_000,
    ]);
    expect(flowPoints([])).toEqual([]);
  });
});

describe('the exchange flows tab', () => {
  it('shows the last hour’s flows, the running total and each exchange, in the member’s zone', async () => {
    const view = renderFlows();
    const panel = await openFlowsTab();
    // 10:00 UTC is 7:00 PM in Tokyo.
    await waitLong(() =>
      expect(within(panel).getAllByTestId('chart-legend')[0]?.textContent).toBe(
        'Nov 20, 7:00 PM GMT+9In 2.0M XRPOut 500.0K XRPNet +1.5M XRPCumulative +19.0M XRP',
      ),
    );
    expect(within(panel).getByTestId('chart-canvas').getAttribute('aria-label')).toBe(
      'Net XRP flow onto named exchanges, one bar per hour, 3 hours with payments over 7D; cumulative +19.0M XRP by Nov 20, 7:00 PM GMT+9',
    );
    expect(within(panel).getByTestId('history-since').textContent).toBe('History since November 14, 2026');
    const rows = within(within(panel).getByTestId('exchange-flows-table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ExchangeIn 24hOut 24hNet 24hNet 7d',
      'Binance32.0M0+32.0M+40.0M',
      'Kraken013.0M-13.0M-13.0M',
    ]);
    expect(view.requests).toContain('GET /api/flows/exchanges?range=7d&tz=Asia%2FTokyo');
  });

  it('shows what the named exchanges hold, per exchange with its day’s change, "—" where none is known', async () => {
    const view = renderFlows();
    const panel = await openFlowsTab();
    const section = await within(panel).findByTestId('exchange-reserves');
    await waitLong(() =>
      expect(within(section).getByTestId('chart-legend').textContent).toBe(
        'Nov 20, 7:00 PM GMT+9Held 1.8M XRPLedger 99,100,123',
      ),
    );
    expect(within(section).getByTestId('reserves-as-of').textContent).toBe(
      'XRP held at ledger 99,100,123, Nov 20, 7:00 PM. Change: since the last reading at least a day older.',
    );
    const rows = within(within(section).getByTestId('exchange-reserves-table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ExchangeHeld24h changeAccounts',
      'Binance1.5M+300.0K (+25.00%)13',
      'Kraken300.0K— no reading a day older3',
    ]);
    expect(view.requests).toContain('GET /api/flows/reserves?range=7d&tz=Asia%2FTokyo');
  });

  it('shows the member’s days on 30D', async () => {
    const view = renderFlows();
    const panel = await openFlowsTab();
    await within(panel).findAllByTestId('chart-legend');
    fireEvent.click(within(panel).getByRole('button', { name: '30D' }));
    // The day that began at 15:00 UTC on the 19th is Tokyo's 20 November.
    await waitLong(() =>
      expect(within(panel).getAllByTestId('chart-legend')[0]?.textContent).toBe(
        'Nov 20In 32.0M XRPOut 13.0M XRPNet +19.0M XRPCumulative +16.0M XRP',
      ),
    );
    expect(view.requests).toContain('GET /api/flows/exchanges?range=30d&tz=Asia%2FTokyo');
  });

  it('says when no flow has been recorded, rather than drawing zeros', async () => {
    renderFlows({ ...week, since: null, series: [], exchanges: [] });
    const panel = await openFlowsTab();
    expect(await within(panel).findByText('No exchange flows recorded in this range')).toBeTruthy();
    expect(within(panel).queryByTestId('chart-canvas')).toBeNull();
    expect(within(panel).getByTestId('exchange-flows-empty').textContent).toBe(
      'No named exchange received or sent XRP in the last 7 days of ledgers read.',
    );
  });

  it('says the flows could not be loaded, with the reason', async () => {
    renderFlows({
      status: 500,
      body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
    });
    const panel = await openFlowsTab();
    expect(
      await within(panel).findByText(
        'Could not load the chart: Something went wrong on our side. Please try again.',
      ),
    ).toBeTruthy();
    expect(within(panel).queryByTestId('exchange-flows-table')).toBeNull();
  });
});
