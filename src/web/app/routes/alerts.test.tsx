// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AlertRule } from '@/domain/alerts/alerts.schema';
import { alertRule } from '../../../../tests/support/alert-rules';
import { member } from '../../../../tests/support/members';
import { renderApp, ZoneProbe, zoneApplied } from '../../../../tests/support/render-app';
import { Component as Alerts } from './alerts';

const source = { name: 'CoinGecko', everSucceeded: true, lastSuccessAt: null, failingSince: null };
const metrics = (
  latest: { price: string; createdAt: string } | null,
  failingSince: string | null = null,
) => ({
  latest: latest && {
    symbol: 'XRP',
    priceChange24h: null,
    marketCap: null,
    rank: null,
    volume24h: null,
    circulatingSupply: null,
    totalSupply: null,
    xrpDominance: null,
    velocity: null,
    ...latest,
  },
  previous: null,
  source: { ...source, failingSince },
});

function renderAlerts(
  options: { plan?: 'free' | 'premium'; rules?: AlertRule[]; metrics?: unknown; preferences?: object } = {},
) {
  const who = member({
    plan: options.plan ?? 'free',
    timezone: 'Asia/Tokyo',
    preferences: options.preferences ?? {},
  });
  return renderApp(
    <>
      <ZoneProbe />
      <Alerts />
    </>,
    {
      route: '/alerts',
      session: who.session,
      api: {
        ...who.api,
        'GET /api/alerts/rules': { rules: options.rules ?? [] },
        'GET /api/notifications': { items: [], unreadCount: 0, nextCursor: null },
        'GET /api/push/config': { publicKey: 'key', subscriptions: 0 },
        'GET /api/market/metrics': options.metrics ?? metrics(null),
      },
    },
  );
}

describe('/alerts for a free member', () => {
  it('explains what Premium adds, keeps the price target form, and locks the Premium parts', async () => {
    renderAlerts({ preferences: { alertsWhaleEnabled: true } });
    const explainer = await screen.findByTestId('premium-alerts-explainer');
    const text = explainer.textContent ?? '';
    for (const item of [
      'Percentage moves',
      'Fear & Greed',
      'Whale movements',
      'Regulatory news',
      'Adoption',
      'push notifications',
    ])
      expect(text).toContain(item);
    expect(within(explainer).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/membership',
    );
    expect((screen.getByRole('button', { name: 'Set Alert' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Set Move Alert' }) as HTMLButtonElement).disabled).toBe(true);
    // Saved on before a downgrade, the whale type shows what the member gets now: off, locked.
    const whale = await screen.findByRole('switch', { name: /^Whale Movements/ });
    expect(whale.getAttribute('aria-checked')).toBe('false');
    expect(whale.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('switch', { name: 'Price Alerts' }).getAttribute('aria-checked')).toBe('true');
  });

  it('offers Edit on a price target, not on a Premium rule kept from before a downgrade', async () => {
    renderAlerts({
      rules: [
        alertRule(),
        alertRule({
          id: 'b3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
          kind: 'percent',
          direction: 'either',
          target: null,
          percent: 5,
          window: '1h',
          history: { ready: true, readyAt: null },
        }),
      ],
    });
    expect(await screen.findByRole('button', { name: 'Edit XRP goes above $2.50' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit XRP moves ±5% within 1 hour' })).toBeNull();
    expect(screen.getByText('Not checked on the Free plan: it works again with Premium.')).toBeTruthy();
  });
});

describe('/alerts notification settings and type wording, per plan', () => {
  it('tells a free member SMS is coming soon, Push comes with Premium, and what Premium adds to price alerts', async () => {
    renderAlerts();
    expect(
      await screen.findByText('Your price targets. Premium adds percentage moves and Fear & Greed levels'),
    ).toBeTruthy();
    const sms = screen.getByRole('switch', { name: 'SMS' });
    expect(sms.closest('div.flex')?.textContent).toContain('Coming soon.');
    expect(screen.getByText('Available with Premium.')).toBeTruthy();
    expect(screen.queryByText(/available with Premium/)).toBeNull();
  });

  it('tells a Premium member the same about SMS and describes price alerts without upselling them', async () => {
    renderAlerts({ plan: 'premium' });
    expect(
      await screen.findByText('Your price targets, percentage moves and Fear & Greed levels'),
    ).toBeTruthy();
    expect(screen.queryByText(/Premium adds percentage moves|for Premium percentage/)).toBeNull();
    expect(screen.getByRole('switch', { name: 'SMS' }).closest('div.flex')?.textContent).toContain(
      'Coming soon.',
    );
  });
});

describe('/alerts: the create form and the Edit dialog on one page', () => {
  it('keeps every id unique, so each field names its own problem', async () => {
    renderAlerts({ plan: 'premium', rules: [alertRule()] });
    const create = await screen.findByRole('form', { name: 'Price alert' });
    fireEvent.change(within(create).getByLabelText('Price Target (USD)'), { target: { value: '' } });
    fireEvent.click(within(create).getByRole('button', { name: 'Set Alert' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit XRP goes above $2.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
    const edited = within(dialog).getByLabelText('Price Target (USD)');
    fireEvent.change(edited, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(edited.getAttribute('aria-describedby')).toBe('edit-price-target-error'));
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids).toContain('price-target-error');
    expect(ids.length).toBe(new Set(ids).size);
    expect(dialog.querySelector('#edit-price-target-error')?.textContent).toBeTruthy();
  });
});

describe('/alerts: the current price beside the form', () => {
  it('shows the latest stored price with its time in the member’s zone', async () => {
    renderAlerts({ metrics: metrics({ price: '2.0134', createdAt: '2026-11-27T03:05:00.000Z' }) });
    await waitFor(() => expect(screen.getByTestId('current-price').textContent).toBe('$2.0134'));
    // The member's zone comes with their preferences, in a deferred render (dates-provider.tsx).
    await zoneApplied('Asia/Tokyo');
    const card = screen.getByRole('region', { name: 'XRP now' });
    expect(card.textContent).toContain('As of Nov 27, 12:05 PM');
  });

  it('shows "—" and why when no price is stored', async () => {
    renderAlerts({ metrics: metrics(null) });
    expect(
      await screen.findByText('No XRP price is stored yet: the first market sync has not run.'),
    ).toBeTruthy();
    expect(screen.getByTestId('current-price').textContent).toBe('—');
  });
});

describe('/alerts: a percentage rule’s history note', () => {
  it('says when it can first fire, in the member’s zone, or that it is ready', async () => {
    renderAlerts({
      plan: 'premium',
      rules: [
        alertRule({
          kind: 'percent',
          direction: 'either',
          target: null,
          percent: 5,
          window: '24h',
          history: { ready: false, readyAt: '2026-11-28T01:00:00.000Z' },
        }),
        alertRule({
          id: 'b3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
          kind: 'percent',
          direction: 'up',
          target: null,
          percent: 2,
          window: '1h',
          history: { ready: true, readyAt: null },
        }),
      ],
    });
    await zoneApplied('Asia/Tokyo');
    const notes = await screen.findAllByTestId('history-note');
    expect(notes.map((note) => note.textContent)).toEqual([
      'Needs 24 h of price history; first possible alert after Nov 28, 10:00 AM GMT+9',
      'Ready: 1 h of price history stored',
    ]);
    expect(screen.queryByTestId('premium-alerts-explainer')).toBeNull();
  });
});
