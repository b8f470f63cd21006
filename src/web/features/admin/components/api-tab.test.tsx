// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiSourceDto } from '@/domain/sync/sync.schema';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { renderApp } from '../../../../../tests/support/render-app';
import { ApiTab } from './api-tab';

const source: ApiSourceDto = {
  id: 'coingecko',
  name: 'CoinGecko Market Data',
  description: null,
  apiType: 'market',
  status: 'active',
  syncFrequencyMinutes: 15,
  lastSyncAt: null,
  nextSyncAt: null,
  totalRequests: 0,
  successCount: 0,
  errorCount: 0,
  running: false,
  lastError: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

// The API Sources tab opens with the ledger backfill's panel: none was asked for.
const noBackfill = { 'GET /api/admin/ledger-backfill': { backfill: null } };

const patches = (requests: string[]) => requests.filter((request) => request.startsWith('PATCH'));

async function saveFrequency(value: string) {
  const card = await screen.findByTestId('api-source');
  const input = within(card).getByLabelText('Sync every (minutes)') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
  return input;
}

describe('ApiTab sync frequency', () => {
  it('refuses less than 5 minutes before sending anything, and keeps what was typed', async () => {
    const view = renderApp(<ApiTab />, { api: { ...noBackfill, 'GET /api/admin/sources': [source] } });
    const input = await saveFrequency('3');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(input)).toBe('Minimum sync frequency is 5 minutes');
    expect(input.value).toBe('3');
    expect(patches(view.requests)).toEqual([]);
  });

  it("shows the server's refusal in the form and keeps the value", async () => {
    const view = renderApp(<ApiTab />, {
      api: {
        ...noBackfill,
        'GET /api/admin/sources': [source],
        'PATCH /api/admin/sources/coingecko': {
          status: 404,
          body: { error: { code: 'not_found', message: 'No such API source' } },
        },
      },
    });
    const input = await saveFrequency('30');
    expect((await screen.findByRole('alert')).textContent).toBe('No such API source');
    expect(patches(view.requests)).toEqual(['PATCH /api/admin/sources/coingecko']);
    expect(input.value).toBe('30');
  });

  it('sends the new frequency as a number of minutes', async () => {
    const sent = bodies();
    renderApp(<ApiTab />, {
      api: {
        ...noBackfill,
        'GET /api/admin/sources': [source],
        'PATCH /api/admin/sources/coingecko': (request: Request) => {
          sent.record(request);
          return { ...source, syncFrequencyMinutes: 30 };
        },
      },
    });
    const input = await saveFrequency('30');
    await waitFor(async () => expect(await sent.all()).toHaveLength(1));
    expect(await sent.all()).toEqual([{ syncFrequencyMinutes: 30 }]);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ApiTab source cards', () => {
  it('show the last failed sync’s message and when it happened, and nothing when none failed', async () => {
    const failing: ApiSourceDto = {
      ...source,
      id: 'cryptocompare',
      name: 'CryptoCompare News',
      status: 'error',
      errorCount: 3,
      lastError: {
        message: 'HTTP 429 Too Many Requests from min-api.cryptocompare.com',
        at: '2025-01-02T03:04:05.000Z',
      },
    };
    renderApp(<ApiTab />, { api: { ...noBackfill, 'GET /api/admin/sources': [source, failing] } });
    const [healthy, broken] = await screen.findAllByTestId('api-source');
    expect(within(broken!).getByTestId('last-error').textContent).toMatch(
      /^Last error \(.+\): HTTP 429 Too Many Requests from min-api\.cryptocompare\.com$/,
    );
    expect(within(healthy!).queryByTestId('last-error')).toBeNull();
  });
});

describe('ApiTab sync logs', () => {
  it('show a sync’s details (a feed cut to its newest items) and an error in its place', async () => {
    const log = {
      id: '1',
      apiSource: 'News Feeds',
      syncType: 'scheduled',
      status: 'success' as const,
      startedAt: '2025-01-02T03:04:05.000Z',
      durationMs: 840,
      recordsProcessed: 500,
      errorMessage: null,
      details: '3 feeds: 500 new articles; Hostile: kept the newest 500 of 50,000 items',
    };
    const failed = {
      ...log,
      id: '2',
      status: 'error' as const,
      errorMessage: 'Every feed failed',
      details: null,
    };
    renderApp(<ApiTab />, {
      api: { ...noBackfill, 'GET /api/admin/sources': [source], 'GET /api/admin/sync-logs': [log, failed] },
    });
    const tab = screen.getByRole('tab', { name: 'Sync Logs' });
    fireEvent.mouseDown(tab, { button: 0 });
    const [cut, error] = await screen.findAllByTestId('sync-log');
    expect(cut!.textContent).toContain('Hostile: kept the newest 500 of 50,000 items');
    expect(within(error!).getByText('Every feed failed').className).toContain('text-destructive');
  });
});
