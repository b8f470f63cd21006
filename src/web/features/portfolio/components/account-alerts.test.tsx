// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import { accountRule, COLD_ID, frontToast, watchedAccount } from '../test-fixtures';
import { AccountAlerts } from './account-alerts';

const premium = member({ plan: 'premium' });
const userId = premium.session.user!.id;

function renderAlerts(api: RenderAppOptions['api'] = {}, rules = [accountRule()]) {
  return renderApp(<AccountAlerts userId={userId} account={watchedAccount()} rules={rules} />, {
    session: premium.session,
    api: { ...premium.api, ...api },
    toasts: true,
  });
}

const amount = () => screen.getByLabelText('Payments of at least (XRP)') as HTMLInputElement;
const setAlert = () => fireEvent.click(screen.getByRole('button', { name: 'Set Alert' }));
const posts = (requests: string[]) => requests.filter((request) => request.startsWith('POST'));

describe('AccountAlerts', () => {
  it('sends an account_move rule for this account, with the amount as a number and the direction', async () => {
    const sent = bodies();
    renderAlerts({
      'POST /api/alerts/rules': (request: Request) => {
        sent.record(request);
        return { status: 201, body: accountRule({ id: 'new-rule', direction: 'in', target: 25000.5 }) };
      },
    });
    fireEvent.change(amount(), { target: { value: '25000.5' } });
    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'in' } });
    setAlert();
    await waitFor(() =>
      expect(frontToast()).toBe('Alert setPayments of at least 25,000.5 XRP into Cold wallet'),
    );
    expect(await sent.all()).toEqual([
      {
        kind: 'account_move',
        watchedAccountId: COLD_ID,
        direction: 'in',
        target: 25000.5,
      },
    ]);
    // Ready for the next one: the amount is cleared, the direction kept.
    await waitFor(() => expect(amount().value).toBe(''));
    expect((screen.getByLabelText('Direction') as HTMLSelectElement).value).toBe('in');
  });

  it('refuses a blank amount or one finer than a drop at the field, and sends nothing', async () => {
    const view = renderAlerts();
    setAlert();
    await waitFor(() => expect(problemAt(amount())).toBe('Enter an amount of XRP'));
    fireEvent.change(amount(), { target: { value: '1.0000001' } });
    await waitFor(() => expect(problemAt(amount())).toBe('Use at most 6 decimals'));
    expect(posts(view.requests)).toEqual([]);
  });

  it("shows the server's refusal above the form and as a toast, keeping the amount", async () => {
    const limit = 'You already have 25 alerts; delete one first.';
    renderAlerts({
      'POST /api/alerts/rules': { status: 409, body: { error: { code: 'conflict', message: limit } } },
    });
    fireEvent.change(amount(), { target: { value: '500' } });
    setAlert();
    const form = screen.getByRole('form', { name: 'Payment alert for Cold wallet' });
    expect((await within(form).findByRole('alert')).textContent).toBe(limit);
    await waitFor(() => expect(frontToast()).toBe(`Failed to set alert${limit}`));
    expect(amount().value).toBe('500');
  });

  it('lists the account’s alerts and deletes one', async () => {
    const rule = accountRule();
    const view = renderAlerts({ [`DELETE /api/alerts/rules/${rule.id}`]: {} }, [rule]);
    const list = within(screen.getByRole('list', { name: 'Alerts for Cold wallet' }));
    expect(list.getByText('Payments of at least 10,000 XRP out of Cold wallet')).toBeTruthy();
    expect(list.getByText('Not fired yet')).toBeTruthy();
    fireEvent.click(
      list.getByRole('button', { name: 'Delete alert: Payments of at least 10,000 XRP out of Cold wallet' }),
    );
    await waitFor(() => expect(frontToast()).toBe('Alert deleted'));
    expect(view.requests).toContain(`DELETE /api/alerts/rules/${rule.id}`);
  });
});
