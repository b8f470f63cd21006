// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { freezeDate } from '../../../../../tests/support/clock';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import {
  renderApp,
  ZoneProbe,
  zoneApplied,
  type RenderAppOptions,
} from '../../../../../tests/support/render-app';
import { frontToast, lot } from '../test-fixtures';
import { LotsCard } from './lots-card';

freezeDate(new Date('2026-11-25T12:00:00.000Z'));

// Day first; the zone shows the member's preferences have arrived (a test runs in UTC).
const premium = member({ plan: 'premium', timezone: 'Asia/Tokyo', preferences: { dateFormat: 'EU' } });

async function renderLots(api: RenderAppOptions['api'] = {}) {
  const view = renderApp(
    <>
      <ZoneProbe />
      <LotsCard userId={premium.session.user!.id} />
    </>,
    {
      session: premium.session,
      api: {
        ...premium.api,
        'GET /api/portfolio/lots': {
          lots: [
            lot(),
            lot({ id: 'lot-2', amountXrp: '1000', acquiredOn: null, costUsdPerXrp: null, note: '' }),
          ],
        },
        ...api,
      },
      toasts: true,
    },
  );
  await zoneApplied('Asia/Tokyo');
  await screen.findAllByTestId('lot');
  return view;
}

const addForm = () => within(screen.getByRole('form', { name: 'Add a holding' }));
const rows = () => screen.getAllByTestId('lot').map((row) => row.textContent);
const writes = (requests: string[]) => requests.filter((request) => !request.startsWith('GET'));

describe('LotsCard: the holdings', () => {
  it('lists each holding with its day in the member’s date format, and "—" for what was not given', async () => {
    await renderLots();
    expect(rows()).toEqual([
      '2,000 XRP14 March 2025$0.5BitstampEditDelete',
      '1,000 XRP— not given— not givenEditDelete',
    ]);
  });

  it('checks a holding with the API’s rules before sending it, and sends nothing', async () => {
    const view = await renderLots();
    const amount = addForm().getByLabelText('Amount (XRP)');
    const cost = addForm().getByLabelText('Cost per XRP in USD (optional)');
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.change(cost, { target: { value: 'half a dollar' } });
    fireEvent.click(addForm().getByRole('button', { name: 'Add Holding' }));
    await waitFor(() =>
      expect(problemAt(amount)).toBe('Enter an XRP amount above 0, with at most 6 decimals'),
    );
    expect(problemAt(cost)).toBe('Enter the cost per XRP in USD, like 0.52');
    fireEvent.change(amount, { target: { value: '12.1234567' } });
    await waitFor(() =>
      expect(problemAt(amount)).toBe('Enter an XRP amount above 0, with at most 6 decimals'),
    );
    expect(writes(view.requests)).toEqual([]);
  });

  it('adds a holding: the trimmed values, blanks as null', async () => {
    const sent = bodies();
    await renderLots({
      'POST /api/portfolio/lots': (request: Request) => {
        sent.record(request);
        return { status: 201, body: lot({ id: 'lot-3' }) };
      },
    });
    fireEvent.change(addForm().getByLabelText('Amount (XRP)'), { target: { value: ' 1500.25 ' } });
    fireEvent.change(addForm().getByLabelText('Day acquired (optional)'), {
      target: { value: '2024-06-01' },
    });
    fireEvent.change(addForm().getByLabelText('Note (optional)'), { target: { value: ' Kraken ' } });
    fireEvent.click(addForm().getByRole('button', { name: 'Add Holding' }));
    await waitFor(() => expect(frontToast()).toBe('Holding added'));
    expect(await sent.all()).toEqual([
      { amountXrp: '1500.25', acquiredOn: '2024-06-01', costUsdPerXrp: null, note: 'Kraken' },
    ]);
    await waitFor(() =>
      expect((addForm().getByLabelText('Amount (XRP)') as HTMLInputElement).value).toBe(''),
    );
  });

  it('shows a limit (409) above the form and as a toast, keeping what was typed', async () => {
    const limit = 'You can keep at most 500 holdings. Delete some to add more.';
    await renderLots({
      'POST /api/portfolio/lots': { status: 409, body: { error: { code: 'conflict', message: limit } } },
    });
    fireEvent.change(addForm().getByLabelText('Amount (XRP)'), { target: { value: '10' } });
    fireEvent.click(addForm().getByRole('button', { name: 'Add Holding' }));
    expect((await addForm().findByRole('alert')).textContent).toBe(limit);
    await waitFor(() => expect(frontToast()).toBe(`Failed to add the holding${limit}`));
    expect((addForm().getByLabelText('Amount (XRP)') as HTMLInputElement).value).toBe('10');
  });

  it('edits a holding in a dialog, starting from its values', async () => {
    const sent = bodies();
    await renderLots({
      [`PUT /api/portfolio/lots/${lot().id}`]: (request: Request) => {
        sent.record(request);
        return lot({ costUsdPerXrp: '0.45' });
      },
    });
    const edit = screen.getByRole('button', { name: 'Edit 2,000 XRP (Bitstamp)' });
    edit.focus();
    fireEvent.click(edit);
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit holding' }));
    expect((dialog.getByLabelText('Amount (XRP)') as HTMLInputElement).value).toBe('2000');
    fireEvent.change(dialog.getByLabelText('Cost per XRP in USD (optional)'), { target: { value: '0.45' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Holding' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Back where the member was: on the row's Edit button, not the top of the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Edit 2,000 XRP/ })),
    );
    expect(await sent.all()).toEqual([
      { amountXrp: '2000', acquiredOn: '2025-03-14', costUsdPerXrp: '0.45', note: 'Bitstamp' },
    ]);
  });

  it('deletes a holding once confirmed; a cancelled question returns focus to its button', async () => {
    const view = await renderLots({ [`DELETE /api/portfolio/lots/${lot().id}`]: {} });
    const remove = screen.getByRole('button', { name: 'Delete 2,000 XRP (Bitstamp)' });
    remove.focus();
    fireEvent.click(remove);
    const asked = within(await screen.findByRole('alertdialog', { name: 'Delete this holding?' }));
    fireEvent.click(asked.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));
    fireEvent.click(remove);
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete this holding?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(frontToast()).toBe('Holding deleted'));
    expect(writes(view.requests)).toEqual([`DELETE /api/portfolio/lots/${lot().id}`]);
  });
});

describe('LotsCard: import and export', () => {
  const csv =
    'amount_xrp,acquired_on,cost_usd_per_xrp,note\n100,2024-01-02,0.6,ok\n-5,,,bad\n12,2099-01-01,,later\n';
  const chooseFile = (text: string) =>
    fireEvent.change(screen.getByLabelText('CSV file'), {
      target: { files: [new File([text], 'lots.csv', { type: 'text/csv' })] },
    });
  const importForm = () => within(screen.getByRole('form', { name: 'Import holdings' }));

  it('lists each bad line of a refused file (422), and nothing else changes', async () => {
    const sent = bodies();
    const view = await renderLots({
      'POST /api/portfolio/lots/import': (request: Request) => {
        sent.record(request);
        return {
          status: 422,
          body: {
            error: {
              code: 'validation_error',
              message: 'Nothing was imported: 2 lines need fixing',
              issues: [
                {
                  path: 'line 3',
                  message: 'amount_xrp: Enter an XRP amount above 0, with at most 6 decimals',
                },
                { path: 'line 4', message: 'acquired_on: The day acquired cannot be in the future' },
              ],
            },
          },
        };
      },
    });
    const before = rows();
    chooseFile(csv);
    fireEvent.click(importForm().getByRole('button', { name: 'Import CSV' }));
    const alert = await importForm().findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Nothing was imported: 2 lines need fixing'));
    const problems = within(within(alert).getByRole('list', { name: 'Problems in the file' }));
    expect(problems.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 3: amount_xrp: Enter an XRP amount above 0, with at most 6 decimals',
      'Line 4: acquired_on: The day acquired cannot be in the future',
    ]);
    await waitFor(() =>
      expect(frontToast()).toBe('Nothing was importedNothing was imported: 2 lines need fixing'),
    );
    expect(await sent.all()).toEqual([{ csv }]);
    // The holdings are as they were, and were not even asked for again.
    expect(rows()).toEqual(before);
    expect(view.requests.filter((request) => request === 'GET /api/portfolio/lots')).toHaveLength(1);
  });

  it('imports a good file and shows the holdings again', async () => {
    const view = await renderLots({ 'POST /api/portfolio/lots/import': { imported: 2 } });
    chooseFile('amount_xrp\n100\n200\n');
    fireEvent.click(importForm().getByRole('button', { name: 'Import CSV' }));
    await waitFor(() => expect(frontToast()).toBe('Imported 2 holdings'));
    await waitFor(() =>
      expect(view.requests.filter((request) => request === 'GET /api/portfolio/lots')).toHaveLength(2),
    );
    expect(importForm().queryByRole('alert')).toBeNull();
  });

  it('asks for a file before importing', async () => {
    const view = await renderLots();
    fireEvent.click(importForm().getByRole('button', { name: 'Import CSV' }));
    await waitFor(() =>
      expect(problemAt(screen.getByLabelText('CSV file'))).toContain('Choose a CSV file to import'),
    );
    expect(writes(view.requests)).toEqual([]);
  });

  it('downloads the holdings as a CSV file, and says so when it cannot', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:lots', revokeObjectURL: () => undefined });
    onTestFinished(() => {
      vi.restoreAllMocks();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    let answer: unknown = 'amount_xrp,acquired_on,cost_usd_per_xrp,note\n2000,2025-03-14,0.5,Bitstamp';
    const view = await renderLots({ 'GET /api/portfolio/lots/export': () => answer });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['xrp-portfolio-lots.csv']));
    expect(view.requests).toContain('GET /api/portfolio/lots/export');

    answer = { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } };
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(frontToast()).toBe('Export failedThe server answered 500. Please try again.'));
    expect(clicked).toHaveLength(1);
  });
});
