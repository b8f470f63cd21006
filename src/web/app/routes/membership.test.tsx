// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillingSummary } from '@/domain/billing/billing';
import type { SubscriptionPlan } from '@/domain/plans/entitlements';
import { member } from '../../../../tests/support/members';
import { renderApp } from '../../../../tests/support/render-app';
import { Component as MembershipPage } from './membership';

/** What /membership tells each member about payments and billing, in each billing mode. */

const price = { amountCents: 900, currency: 'usd', interval: 'month', intervalCount: 1 };
const config = (mode: 'test' | 'stripe') => ({
  'GET /api/billing/config': { mode, price, priceUnavailable: null },
});

function show(plan: SubscriptionPlan, mode: 'test' | 'stripe', summary?: Partial<BillingSummary>) {
  const who = member({ plan });
  return renderApp(<MembershipPage />, {
    route: '/membership',
    session: who.session,
    api: {
      ...who.api,
      ...config(mode),
      'GET /api/billing/summary': {
        mode,
        plan,
        subscription: null,
        canManageBilling: false,
        premiumSource: null,
        ...summary,
      },
    },
  });
}

const operatorText = /STRIPE_|environment|Operators/;

describe('/membership in test mode', () => {
  it('tells a free member no card is charged, names no card brand and no operator setting', async () => {
    show('free', 'test');
    const notice = await screen.findByTestId('test-mode-notice');
    expect(notice.textContent).toContain('Payments are in test mode: no card is charged');
    await waitFor(() =>
      expect(screen.getByTestId('card-payments').textContent).toBe(
        'Payments on this site are in test mode: checkout is simulated and no card is charged.',
      ),
    );
    expect(document.body.textContent).not.toMatch(/Visa|Mastercard|American Express/);
    expect(document.body.textContent).not.toMatch(operatorText);
  });

  it('tells a paying member the same, with the billing portal', async () => {
    show('premium', 'test', {
      premiumSource: 'subscription',
      canManageBilling: true,
      subscription: {
        status: 'active',
        currentPeriodEnd: '2026-12-27T12:00:00.000Z',
        cancelAtPeriodEnd: false,
        endsAt: null,
      },
    });
    expect(await screen.findByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Invoices' })).toBeTruthy();
    expect(screen.getByTestId('test-mode-notice').textContent).toContain('no card is charged');
    expect(screen.queryByTestId('nothing-to-bill')).toBeNull();
    expect(document.body.textContent).not.toMatch(operatorText);
    // The card claims no billing while nothing is charged.
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Every Premium feature for $9 per month; payments are in test mode, so nothing is charged.',
      ),
    );
    expect(document.body.textContent).not.toContain('billed by our payment provider');
    // A paying member's help names the buttons they have.
    expect(helpText()).toContain("Choose 'Manage Subscription'");
  });
});

/** The "Need Help?" section's text. */
function helpText(): string {
  return screen.getByRole('region', { name: 'Need Help?' }).textContent ?? '';
}

describe('/membership: help that matches how the member holds Premium', () => {
  it('gives an admin-granted member no instructions for buttons they lack, and whom to contact', async () => {
    show('premium', 'test', { premiumSource: 'granted' });
    await screen.findByTestId('nothing-to-bill');
    const help = screen.getByRole('region', { name: 'Need Help?' });
    expect(help.textContent).not.toMatch(/Manage Subscription|View Invoices|billing portal|refund/);
    expect(help.textContent).toContain('Your Premium access was granted by the site’s team');
    const links = within(help).getAllByRole('link', { name: 'contact us' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/contact', '/contact', '/contact']);
  });

  it('tells a granted member with past invoices where the View Invoices button leads', async () => {
    show('premium', 'stripe', { premiumSource: 'granted', canManageBilling: true });
    expect(await screen.findByRole('button', { name: 'View Invoices' })).toBeTruthy();
    expect(helpText()).toContain("Choose 'View Invoices' to see the invoices of your earlier subscription.");
    expect(helpText()).not.toContain('Manage Subscription');
  });

  it('gives a complimentary member the same, about complimentary access', async () => {
    show('complimentary', 'stripe', { premiumSource: 'complimentary' });
    await screen.findByTestId('nothing-to-bill');
    expect(helpText()).not.toMatch(/Manage Subscription|View Invoices|billing portal/);
    expect(helpText()).toContain('Your complimentary access was granted by the site’s team');
  });

  it('shows "−" beside an open question and "+" beside a closed one', async () => {
    show('complimentary', 'stripe', { premiumSource: 'complimentary' });
    const help = await screen.findByRole('region', { name: 'Need Help?' });
    const question = within(help).getByText('Do I pay anything?');
    const details = question.closest('details') as HTMLDetailsElement;
    const sign = within(details).getByTestId('faq-sign');
    expect(sign.textContent).toBe('+');
    fireEvent.click(details.querySelector('summary') as HTMLElement);
    await waitFor(() => expect(sign.textContent).toBe('−'));
    expect(details.open).toBe(true);
    expect(details.dataset.state).toBe('open');
    fireEvent.click(details.querySelector('summary') as HTMLElement);
    await waitFor(() => expect(sign.textContent).toBe('+'));
    expect(details.dataset.state).toBe('closed');
  });
});

describe('/membership with real payments', () => {
  it('names the card brands only then', async () => {
    show('free', 'stripe');
    await waitFor(() =>
      expect(screen.getByTestId('card-payments').textContent).toContain(
        'Visa, Mastercard and American Express',
      ),
    );
    expect(screen.queryByTestId('test-mode-notice')).toBeNull();
  });

  it('says why an admin-granted Premium member has no billing portal, and whom to ask', async () => {
    show('premium', 'stripe', { premiumSource: 'granted' });
    const why = await screen.findByTestId('nothing-to-bill');
    expect(why.textContent).toBe(
      'Your Premium access was granted by the site’s team; there is nothing to bill, so there is no subscription to manage. Questions: contact us.',
    );
    expect(within(why).getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'View Invoices' })).toBeNull();
    const status = screen.getByTestId('account-status');
    expect(status.textContent).toContain('None (granted by our team)');
    expect(status.textContent).not.toContain('Next Payment');
    expect(screen.queryByText(/Your subscription, billing/)).toBeNull();
    expect(screen.getByText('Your Premium access and features in one place.')).toBeTruthy();
  });

  it('offers an admin-granted member their past invoices when a billing account exists', async () => {
    show('premium', 'stripe', {
      premiumSource: 'granted',
      canManageBilling: true,
      subscription: { status: 'canceled', currentPeriodEnd: null, cancelAtPeriodEnd: false, endsAt: null },
    });
    expect(await screen.findByTestId('nothing-to-bill')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Invoices' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });

  it('says the same for complimentary access', async () => {
    show('complimentary', 'stripe', { premiumSource: 'complimentary' });
    const why = await screen.findByTestId('nothing-to-bill');
    expect(why.textContent).toContain('Your complimentary access was granted by the site’s team');
    expect(within(why).getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });

  it('tells a member who cancelled when Premium ends, and keeps the portal to resume', async () => {
    show('premium', 'stripe', {
      premiumSource: 'subscription',
      canManageBilling: true,
      subscription: {
        status: 'active',
        currentPeriodEnd: '2026-12-27T12:00:00.000Z',
        cancelAtPeriodEnd: true,
        endsAt: '2026-12-27T12:00:00.000Z',
      },
    });
    expect((await screen.findByTestId('ends-notice')).textContent).toContain('ends on');
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
    expect(screen.getByTestId('account-status').textContent).toContain('None (cancelled)');
    expect(screen.queryByTestId('nothing-to-bill')).toBeNull();
  });
});
