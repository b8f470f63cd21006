// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../../tests/support/render-app';
import { PlanChooser } from './plan-chooser';

const config = (price: unknown, priceUnavailable: string | null = null) => ({
  'GET /api/billing/config': { mode: 'stripe', price, priceUnavailable },
});

describe('plan cards', () => {
  it("show Premium's price as the billing provider holds it", async () => {
    renderApp(<PlanChooser signedIn={false} />, {
      api: config({ amountCents: 1250, currency: 'usd', interval: 'month', intervalCount: 1 }),
    });
    const price = await screen.findByTestId('premium-price');
    await vi.waitFor(() => expect(price.textContent).toBe('$12.50 per month'));
    expect(screen.getByRole('link', { name: 'Sign Up for Premium' }).getAttribute('href')).toBe('/auth');
  });

  it('say the price is unknown, and why, when the provider cannot be reached', async () => {
    renderApp(<PlanChooser signedIn />, {
      api: config(null, 'The payment provider could not be reached'),
    });
    const unknown = await screen.findByTestId('price-unknown');
    expect(unknown.textContent).toBe('— Price unavailable: The payment provider could not be reached');
    expect(within(screen.getByTestId('plan-cards')).queryByText(/\$9/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
  });
});
