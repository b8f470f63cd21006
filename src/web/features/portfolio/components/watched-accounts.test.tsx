// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDateFormatter } from '@/domain/format/dates';
import { ADDRESS_CHECKSUM, ADDRESS_NOT_FOUND } from '@/domain/portfolio/portfolio.schema';
import { freezeDate } from '../../../../../tests/support/clock';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import {
  renderApp,
  ZoneProbe,
  zoneApplied,
  type RenderAppOptions,
} from '../../../../../tests/support/render-app';
import {
  accountRule,
  COLD_ADDRESS,
  COLD_ID,
  EXCHANGE_ADDRESS,
  frontToast,
  watchedAccount,
} from '../test-fixtures';
import { WatchedAccountsCard } from './watched-accounts';

freezeDate(new Date('2026-11-25T12:00:00.000Z'));

const paris = createDateFormatter({ timeZone: 'Europe/Paris', dateFormat: 'US' });
const premium = member({ plan: 'premium', timezone: 'Europe/Paris' });

async function renderCard(api: RenderAppOptions['api'] = {}) {
  const view = renderApp(
    <>
      <ZoneProbe />
      <WatchedAccountsCard userId={premium.session.user!.id} />
    </>,
    {
      session: premium.session,
      api: {
        ...premium.api,
        'GET /api/portfolio/accounts': { accounts: [watchedAccount()] },
        'GET /api/alerts/rules': { rules: [] },
        ...api,
      },
      toasts: true,
    },
  );
  await zoneApplied('Europe/Paris');
  return view;
}

const posts = (requests: string[]) => requests.filter((request) => request.startsWith('POST'));

function fillAccount(address: string, label: string) {
  fireEvent.change(screen.getByLabelText('XRP Ledger address'), { target: { value: address } });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: label } });
  fireEvent.click(screen.getByRole('button', { name: 'Watch Account' }));
}

describe('WatchedAccountsCard: adding an account', () => {
  it('refuses a mistyped address at the field, with the ledger codec’s reason, and sends nothing', async () => {
    const view = await renderCard();
    await screen.findByTestId('watched-account');
    // The genesis account with its last character changed: the checksum no longer matches.
    fillAccount('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', 'Typo');
    const address = screen.getByLabelText('XRP Ledger address');
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(address)).toContain(ADDRESS_CHECKSUM);
    expect(posts(view.requests)).toEqual([]);
  });

  it('sends the address as typed and the trimmed name, then empties the form', async () => {
    const sent = bodies();
    await renderCard({
      'POST /api/portfolio/accounts': (request: Request) => {
        sent.record(request);
        return { status: 201, body: watchedAccount({ label: 'Exchange', address: EXCHANGE_ADDRESS }) };
      },
    });
    fillAccount(`  ${EXCHANGE_ADDRESS} `, ' Exchange ');
    await waitFor(() => expect(frontToast()).toBe('Now watching Exchange'));
    expect(await sent.all()).toEqual([{ address: EXCHANGE_ADDRESS, label: 'Exchange' }]);
    await waitFor(() =>
      expect((screen.getByLabelText('XRP Ledger address') as HTMLInputElement).value).toBe(''),
    );
  });

  it("shows the server's 422 under the address, as a toast too, and keeps what was typed", async () => {
    await renderCard({
      'POST /api/portfolio/accounts': {
        status: 422,
        body: { error: { code: 'validation_error', message: ADDRESS_NOT_FOUND } },
      },
    });
    fillAccount(EXCHANGE_ADDRESS, 'Never funded');
    const address = screen.getByLabelText('XRP Ledger address') as HTMLInputElement;
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(address)).toContain(ADDRESS_NOT_FOUND);
    await waitFor(() => expect(frontToast()).toBe(`Failed to add the account${ADDRESS_NOT_FOUND}`));
    expect(address.value).toBe(EXCHANGE_ADDRESS);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Never funded');
  });

  it('shows a limit (409) above the form and as a toast', async () => {
    const limit = 'You can watch at most 20 accounts. Remove one to add another.';
    await renderCard({
      'POST /api/portfolio/accounts': { status: 409, body: { error: { code: 'conflict', message: limit } } },
    });
    fillAccount(EXCHANGE_ADDRESS, 'Twenty-first');
    const form = screen.getByRole('form', { name: 'Watch an account' });
    expect((await within(form).findByRole('alert')).textContent).toBe(limit);
    await waitFor(() => expect(frontToast()).toBe(`Failed to add the account${limit}`));
  });
});

describe('WatchedAccountsCard: an account', () => {
  it('shows its balance, reserve, spendable XRP and reading time, tokens and payments with explorer links', async () => {
    await renderCard();
    const account = within(await screen.findByTestId('watched-account'));
    expect(account.getByRole('heading', { name: 'Cold wallet' })).toBeTruthy();
    expect(account.getByRole('link', { name: new RegExp(`^${COLD_ADDRESS}`) }).getAttribute('href')).toBe(
      `https://livenet.xrpl.org/accounts/${COLD_ADDRESS}`,
    );
    const reading = (label: string) => account.getByText(label).nextElementSibling?.textContent;
    expect(reading('XRP balance')).toBe('12,000.5 XRP');
    expect(reading('Reserve locked')).toBe('1.4 XRP');
    expect(reading('Spendable XRP')).toBe('11,999.1 XRP');
    expect(reading('As of')).toBe(paris.dateTime('2026-11-25T11:30:00.000Z'));

    const tokens = account.getAllByTestId('token').map((token) => token.textContent);
    expect(tokens[0]).toContain('100 ≈ 250 XRP (AMM pool)');
    expect(tokens[1]).toContain('42 ≈ — No AMM pool or offers for it on the ledger');

    const payments = account.getAllByTestId('payment');
    expect(payments[0]!.textContent).toContain('In5,000 XRP');
    const link = within(payments[0]!).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://livenet.xrpl.org/transactions/A1B2C3');
    expect(link.textContent).toContain(paris.dateTime('2026-11-24T08:15:00.000Z'));
    expect(payments[1]!.textContent).toContain('Out— not an XRP payment (a token)');
  });

  it('warns that the figures are the last good ones when the last reading failed', async () => {
    await renderCard({
      'GET /api/portfolio/accounts': {
        accounts: [
          watchedAccount({
            refreshError:
              'The XRP Ledger could not be read (the connection to it was lost); trying again in 2 minutes',
          }),
        ],
      },
    });
    expect((await screen.findByTestId('refresh-error')).textContent).toBe(
      `The XRP Ledger could not be read (the connection to it was lost); trying again in 2 minutes. The figures are the last good ones, as of ${paris.dateTime('2026-11-25T11:30:00.000Z')}.`,
    );
  });

  it('shows "—" with the reason before the first reading', async () => {
    await renderCard({
      'GET /api/portfolio/accounts': {
        accounts: [
          watchedAccount({
            balanceXrp: null,
            ownerCount: null,
            reserveXrp: null,
            spendableXrp: null,
            refreshedAt: null,
            tokens: [],
            payments: [],
          }),
        ],
      },
    });
    const account = within(await screen.findByTestId('watched-account'));
    expect(account.getByText('XRP balance').nextElementSibling?.textContent).toBe(
      '— not read from the ledger yet',
    );
    expect(account.queryByText(/^0 XRP/)).toBeNull();
  });

  it('is renamed with its own small form', async () => {
    const sent = bodies();
    await renderCard({
      [`PATCH /api/portfolio/accounts/${COLD_ID}`]: (request: Request) => {
        sent.record(request);
        return watchedAccount({ label: 'Ledger Nano' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Cold wallet' }));
    const form = within(screen.getByRole('form', { name: 'Rename Cold wallet' }));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Ledger Nano' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(frontToast()).toBe('Renamed to Ledger Nano'));
    expect(await sent.all()).toEqual([{ label: 'Ledger Nano' }]);
  });

  it('is removed only once confirmed', async () => {
    const view = await renderCard({
      [`DELETE /api/portfolio/accounts/${COLD_ID}`]: {},
    });
    const deletes = () => view.requests.filter((request) => request.startsWith('DELETE'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Cold wallet' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Stop watching Cold wallet?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Cold wallet' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(frontToast()).toBe('Stopped watching Cold wallet'));
    expect(deletes()).toEqual([`DELETE /api/portfolio/accounts/${COLD_ID}`]);
  });

  it('lists only its own payment alerts', async () => {
    await renderCard({
      'GET /api/alerts/rules': {
        rules: [
          accountRule(),
          accountRule({ id: 'other', watchedAccountId: 'another-account' }),
          accountRule({ id: 'price', kind: 'price', direction: 'above', target: 3, watchedAccountId: null }),
        ],
      },
    });
    const rules = await screen.findAllByTestId('account-rule');
    expect(rules.map((rule) => rule.firstElementChild?.firstElementChild?.textContent)).toEqual([
      'Payments of at least 10,000 XRP out of Cold wallet',
    ]);
  });
});
