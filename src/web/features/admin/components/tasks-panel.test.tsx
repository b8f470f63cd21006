// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskRunDto } from '@/domain/sync/sync.schema';
import { freezeDate } from '../../../../../tests/support/clock';
import { renderApp } from '../../../../../tests/support/render-app';
import { TasksPanel } from './tasks-panel';

freezeDate(new Date('2026-11-25T12:00:00.000Z'));

const run = (overrides: Partial<TaskRunDto>): TaskRunDto => ({
  name: 'prune-expired',
  description: 'Removes expired sessions, tokens and rate-limit windows',
  everySeconds: 3600,
  nextRunAt: null,
  lastStartedAt: null,
  lastDurationMs: null,
  lastStatus: null,
  lastDetails: null,
  lastError: null,
  ...overrides,
});

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('task-run')).find((row) => row.textContent?.startsWith(name))!;

describe('TasksPanel (admin → API → background tasks)', () => {
  it('shows each job’s last run, duration and result, or its error, and when it runs next', async () => {
    renderApp(<TasksPanel />, {
      api: {
        'GET /api/admin/jobs': [
          run({
            lastStartedAt: '2026-11-25T11:58:00.000Z',
            lastDurationMs: 42,
            lastStatus: 'success',
            lastDetails: '3 sessions removed',
            nextRunAt: '2026-11-25T12:58:00.000Z',
          }),
          run({
            name: 'xrpl-stream',
            description: 'Checks that the live XRP Ledger stream is receiving validated ledgers',
            lastStartedAt: '2026-11-25T11:59:30.000Z',
            lastDurationMs: 3,
            lastStatus: 'error',
            lastError: 'XRP Ledger stream down: no ledger processed yet; no process holds the stream.',
          }),
          run({ name: 'newsletter', description: 'Sends the weekly newsletter' }),
        ],
      },
    });
    const prune = await rowOf('prune-expired');
    const cells = within(prune)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 4)).toEqual(['2 min ago', '42 ms', '3 sessions removed']);
    // In the reader's zone and format: UTC, US dates until the member chooses.
    expect(cells[4]).toBe('Nov 25, 12:58 PM');

    const stream = await rowOf('xrpl-stream');
    const error = within(stream).getByText(/^XRP Ledger stream down/);
    expect(error.className).toContain('text-destructive');
    expect(within(stream).getAllByRole('cell')[2]!.textContent).toBe('3 ms');

    const never = within(await rowOf('newsletter'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(never.slice(1)).toEqual(['Not run yet', '—', '—', '—']);
  });

  it('says so when the jobs cannot be loaded', async () => {
    renderApp(<TasksPanel />, {
      api: { 'GET /api/admin/jobs': { status: 500, body: { error: { code: 'internal', message: 'x' } } } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the background tasks');
  });
});
