// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../../tests/support/render-app';
import { MarketAlertForms, PriceAlertForm } from './rule-forms';

/** The API's answer to a rule it stored: the rule as sent, with what the server adds. */
function storedRule(sent: Record<string, unknown>) {
  return {
    id: 'rule-1',
    direction: 'above',
    target: null,
    percent: null,
    window: null,
    note: null,
    active: true,
    lastSide: null,
    lastFiredAt: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    ...sent,
  };
}

function recordingRules(sent: unknown[]) {
  return async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push(body);
    return storedRule(body);
  };
}

describe('PriceAlertForm', () => {
  it('starts at the default of 0.70 and sends the target as a number with the note', async () => {
    const sent: unknown[] = [];
    renderApp(<PriceAlertForm userId="user-1" disabled={false} />, {
      api: { 'POST /api/alerts/rules': recordingRules(sent) },
    });
    const target = screen.getByLabelText('Price Target (USD)') as HTMLInputElement;
    expect(target.value).toBe('0.70');
    fireEvent.change(target, { target: { value: '1.25' } });
    fireEvent.change(screen.getByLabelText('When XRP'), { target: { value: 'below' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: '  take profit ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Alert' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ kind: 'price', target: 1.25, direction: 'below', note: 'take profit' });
    // The note is cleared for the next rule; the target stays.
    await waitFor(() =>
      expect((screen.getByLabelText('Note (optional)') as HTMLInputElement).value).toBe(''),
    );
    expect(target.value).toBe('1.25');
  });

  it('refuses a blank or negative target at the field and sends nothing', async () => {
    const view = renderApp(<PriceAlertForm userId="user-1" disabled={false} />);
    const target = screen.getByLabelText('Price Target (USD)');
    fireEvent.change(target, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Alert' }));
    expect(await screen.findByText('Enter a price target in USD')).toBeTruthy();
    expect(target.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(target, { target: { value: '-2' } });
    expect(await screen.findByText('The price target must be above 0')).toBeTruthy();
    expect(view.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it("shows the server's refusal above the form and keeps the target typed", async () => {
    renderApp(<PriceAlertForm userId="user-1" disabled={false} />, {
      api: {
        'POST /api/alerts/rules': {
          status: 409,
          body: { error: { code: 'conflict', message: 'You already have 20 alerts; delete one first.' } },
        },
      },
    });
    fireEvent.change(screen.getByLabelText('Price Target (USD)'), { target: { value: '3.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Alert' }));
    const form = screen.getByRole('form', { name: 'Price alert' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'You already have 20 alerts; delete one first.',
    );
    expect((screen.getByLabelText('Price Target (USD)') as HTMLInputElement).value).toBe('3.5');
  });
});

describe('MarketAlertForms', () => {
  it('sends a percentage move and a Fear & Greed level as numbers', async () => {
    const sent: unknown[] = [];
    renderApp(<MarketAlertForms userId="user-1" disabled={false} />, {
      api: { 'POST /api/alerts/rules': recordingRules(sent) },
    });
    fireEvent.change(screen.getByLabelText('Move (%)'), { target: { value: '7.5' } });
    fireEvent.change(screen.getByLabelText('Within'), { target: { value: '1h' } });
    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'down' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Move Alert' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ kind: 'percent', percent: 7.5, window: '1h', direction: 'down' });

    fireEvent.change(screen.getByLabelText('Fear & Greed level (1–99)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('When the index'), { target: { value: 'below' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Fear & Greed Alert' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ kind: 'fear_greed', target: 20, direction: 'below' });
  });

  it("checks each form's own limits at its field", async () => {
    const view = renderApp(<MarketAlertForms userId="user-1" disabled={false} />);
    fireEvent.change(screen.getByLabelText('Move (%)'), { target: { value: '0.2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Move Alert' }));
    expect(await screen.findByText('Use a move of at least 0.5 %')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Fear & Greed level (1–99)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Fear & Greed Alert' }));
    expect(await screen.findByText('Use a whole number from 1 to 99')).toBeTruthy();
    expect(view.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });
});
