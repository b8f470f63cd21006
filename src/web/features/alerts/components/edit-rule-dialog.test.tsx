// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AlertRule } from '@/domain/alerts/alerts.schema';
import { ALERT_RULE_ID, alertRule } from '../../../../../tests/support/alert-rules';
import { renderApp } from '../../../../../tests/support/render-app';
import { EditRuleDialog } from './edit-rule-dialog';

const ID = ALERT_RULE_ID;
const priceRule = alertRule({ note: 'take profit' });

describe('EditRuleDialog', () => {
  it('opens with the rule’s values, sends the create schema’s body, closes and toasts', async () => {
    const sent: unknown[] = [];
    const view = renderApp(<EditRuleDialog rule={priceRule} userId="user-1" />, {
      toasts: true,
      api: {
        [`PATCH /api/alerts/rules/${ID}`]: async (request: Request) => {
          const body = (await request.json()) as { rule: Record<string, unknown> };
          sent.push(body);
          return { ...priceRule, ...body.rule };
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit XRP goes above $2.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    const target = within(dialog).getByLabelText('Price Target (USD)') as HTMLInputElement;
    expect(target.value).toBe('2.50');
    expect((within(dialog).getByLabelText('Note (optional)') as HTMLInputElement).value).toBe('take profit');
    fireEvent.change(target, { target: { value: '3.1' } });
    fireEvent.change(within(dialog).getByLabelText('When XRP'), { target: { value: 'crosses' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ rule: { kind: 'price', target: 3.1, direction: 'crosses' } });
    expect(await screen.findByText('Alert updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.requests).toContain(`PATCH /api/alerts/rules/${ID}`);
  });

  it('refuses bad input at the field and sends nothing', async () => {
    const view = renderApp(<EditRuleDialog rule={priceRule} userId="user-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit XRP goes above $2.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    fireEvent.change(within(dialog).getByLabelText('Price Target (USD)'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('The price target must be above 0')).toBeTruthy();
    expect(view.requests.some((request) => request.startsWith('PATCH'))).toBe(false);
  });

  it('shows the server’s refusal in the form and a toast, keeping what was typed', async () => {
    renderApp(<EditRuleDialog rule={priceRule} userId="user-1" />, {
      toasts: true,
      api: {
        [`PATCH /api/alerts/rules/${ID}`]: {
          status: 404,
          body: { error: { code: 'not_found', message: 'Alert not found' } },
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit XRP goes above $2.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    fireEvent.change(within(dialog).getByLabelText('Price Target (USD)'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Alert not found');
    expect((within(dialog).getByLabelText('Price Target (USD)') as HTMLInputElement).value).toBe('4');
  });

  it('edits a percentage rule’s threshold and window', async () => {
    const sent: unknown[] = [];
    const rule: AlertRule = {
      ...priceRule,
      kind: 'percent',
      direction: 'either',
      target: null,
      percent: 5,
      window: '1h',
      note: null,
    };
    renderApp(<EditRuleDialog rule={rule} userId="user-1" />, {
      api: {
        [`PATCH /api/alerts/rules/${ID}`]: async (request: Request) => {
          sent.push(await request.json());
          return rule;
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit XRP moves ±5% within 1 hour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    fireEvent.change(within(dialog).getByLabelText('Move (%)'), { target: { value: '7.5' } });
    fireEvent.change(within(dialog).getByLabelText('Within'), { target: { value: '24h' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ rule: { kind: 'percent', percent: 7.5, window: '24h', direction: 'either' } });
  });
});
