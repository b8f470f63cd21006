// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_RULE_ID, alertRule } from '../../../../../tests/support/alert-rules';
import { renderApp } from '../../../../../tests/support/render-app';
import { EditRuleDialog } from './edit-rule-dialog';
import { WhaleAlertForms } from './flow-rule-forms';

const entities = [
  { entity: 'Binance', category: 'exchange', accounts: 13 },
  { entity: 'Ceffu', category: 'custodian', accounts: 1 },
  { entity: 'Kraken', category: 'exchange', accounts: 1 },
];

function recordingRules(sent: unknown[]) {
  return async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push(body);
    return alertRule({ target: null, lastSide: null, ...body });
  };
}

const options = (form: string) =>
  Array.from(
    (screen.getByRole('form', { name: form }).querySelector('select') as HTMLSelectElement).options,
    (option) => option.textContent,
  );

describe('WhaleAlertForms', () => {
  it('offers the registry’s entities (exchanges only for reserves) and sends each rule as numbers', async () => {
    const sent: unknown[] = [];
    renderApp(<WhaleAlertForms userId="user-1" disabled={false} />, {
      toasts: true,
      api: { 'GET /api/whales/entities': entities, 'POST /api/alerts/rules': recordingRules(sent) },
    });
    await waitFor(() => expect(options('Entity move alert')).toContain('Ceffu'));
    expect(options('Entity move alert')).toEqual(['Choose an entity', 'Binance', 'Ceffu', 'Kraken']);
    expect(options('Exchange reserve alert')).toEqual(['Choose an exchange', 'Binance', 'Kraken']);

    const entity = within(screen.getByRole('form', { name: 'Entity move alert' }));
    fireEvent.change(entity.getByLabelText('Entity'), { target: { value: 'Kraken' } });
    fireEvent.change(entity.getByLabelText('Payments of at least (XRP)'), { target: { value: '2500000' } });
    fireEvent.change(entity.getByLabelText('Sent or received'), { target: { value: 'in' } });
    fireEvent.click(entity.getByRole('button', { name: 'Set Entity Alert' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ kind: 'entity_move', entity: 'Kraken', target: 2_500_000, direction: 'in' });
    expect(await screen.findByText('Alert set')).toBeTruthy();

    const netflow = within(screen.getByRole('form', { name: 'Exchange net flow alert' }));
    fireEvent.change(netflow.getByLabelText('Net flow over 24 hours of at least (XRP)'), {
      target: { value: '20000000' },
    });
    fireEvent.change(netflow.getByLabelText('Net flow'), { target: { value: 'out' } });
    fireEvent.click(netflow.getByRole('button', { name: 'Set Net Flow Alert' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ kind: 'exchange_netflow', target: 20_000_000, direction: 'out' });

    const reserve = within(screen.getByRole('form', { name: 'Exchange reserve alert' }));
    fireEvent.change(reserve.getByLabelText('Exchange'), { target: { value: 'Binance' } });
    fireEvent.change(reserve.getByLabelText('Reserve change in 24 hours (%)'), { target: { value: '2.5' } });
    fireEvent.change(reserve.getByLabelText('Reserve moves'), { target: { value: 'down' } });
    fireEvent.click(reserve.getByRole('button', { name: 'Set Reserve Alert' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({ kind: 'reserve_change', entity: 'Binance', percent: 2.5, direction: 'down' });
  });

  it('checks each form’s limits at its fields and sends nothing', async () => {
    const view = renderApp(<WhaleAlertForms userId="user-1" disabled={false} />, {
      api: { 'GET /api/whales/entities': entities },
    });
    const entity = within(screen.getByRole('form', { name: 'Entity move alert' }));
    fireEvent.change(entity.getByLabelText('Payments of at least (XRP)'), { target: { value: '500000' } });
    fireEvent.click(entity.getByRole('button', { name: 'Set Entity Alert' }));
    expect(await entity.findByText('Choose an entity', { selector: 'span' })).toBeTruthy();
    expect(
      entity.getByText(
        'Use at least 1,000,000 XRP: only payments of 1M XRP or more are tracked for every entity',
      ),
    ).toBeTruthy();
    expect(entity.getByLabelText('Entity').getAttribute('aria-invalid')).toBe('true');

    const reserve = within(screen.getByRole('form', { name: 'Exchange reserve alert' }));
    fireEvent.change(reserve.getByLabelText('Reserve change in 24 hours (%)'), { target: { value: '0.2' } });
    fireEvent.click(reserve.getByRole('button', { name: 'Set Reserve Alert' }));
    expect(await reserve.findByText('Use a change of at least 0.5 %')).toBeTruthy();
    expect(view.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('shows the server’s refusal above the form and as a toast', async () => {
    renderApp(<WhaleAlertForms userId="user-1" disabled={false} />, {
      toasts: true,
      api: {
        'GET /api/whales/entities': entities,
        'POST /api/alerts/rules': {
          status: 403,
          body: {
            error: {
              code: 'forbidden',
              message: 'Entity, exchange flow and reserve alerts require Premium.',
            },
          },
        },
      },
    });
    const form = screen.getByRole('form', { name: 'Exchange net flow alert' });
    fireEvent.click(within(form).getByRole('button', { name: 'Set Net Flow Alert' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Entity, exchange flow and reserve alerts require Premium.',
    );
    expect(await screen.findByText('Failed to set alert')).toBeTruthy();
  });

  it('is disabled on Free and asks for no names', () => {
    const view = renderApp(<WhaleAlertForms userId="user-1" disabled />);
    for (const name of ['Set Entity Alert', 'Set Net Flow Alert', 'Set Reserve Alert'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(view.requests.some((request) => request.includes('/whales/entities'))).toBe(false);
  });
});

describe('editing whale and exchange rules', () => {
  it('opens an entity rule with its values and sends the edit', async () => {
    const sent: unknown[] = [];
    const rule = alertRule({
      kind: 'entity_move',
      entity: 'Binance',
      target: 5_000_000,
      direction: 'either',
    });
    renderApp(<EditRuleDialog rule={rule} userId="user-1" />, {
      api: {
        'GET /api/whales/entities': entities,
        [`PATCH /api/alerts/rules/${ALERT_RULE_ID}`]: async (request: Request) => {
          sent.push(await request.json());
          return rule;
        },
      },
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Edit Binance moves 5,000,000 XRP or more (in or out)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    expect((within(dialog).getByLabelText('Entity') as HTMLSelectElement).value).toBe('Binance');
    expect((within(dialog).getByLabelText('Payments of at least (XRP)') as HTMLInputElement).value).toBe(
      '5000000',
    );
    fireEvent.change(within(dialog).getByLabelText('Sent or received'), { target: { value: 'out' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      rule: { kind: 'entity_move', entity: 'Binance', target: 5_000_000, direction: 'out' },
    });
  });

  it('keeps a reserve rule’s exchange the list no longer names', async () => {
    const rule = alertRule({
      kind: 'reserve_change',
      entity: 'Gone Exchange',
      target: null,
      percent: 5,
      direction: 'up',
    });
    renderApp(<EditRuleDialog rule={rule} userId="user-1" />, {
      api: { 'GET /api/whales/entities': entities },
    });
    fireEvent.click(
      screen.getByRole('button', { name: "Edit Gone Exchange's reserve rises 5% in 24 hours" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    const exchange = within(dialog).getByLabelText('Exchange') as HTMLSelectElement;
    expect(exchange.value).toBe('Gone Exchange');
    await waitFor(() =>
      expect(Array.from(exchange.options, (option) => option.value)).toEqual([
        '',
        'Gone Exchange',
        'Binance',
        'Kraken',
      ]),
    );
  });
});
