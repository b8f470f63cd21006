// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../../tests/support/render-app';
import { PremiumOverlay } from './premium-overlay';

describe('the Premium overlay', () => {
  it('names the locked feature, says what it holds, and links to the membership page', () => {
    const view = renderApp(
      <PremiumOverlay title="Whale tracking is a Premium feature">
        See every XRP transfer above 1M XRP as it happens, with 24-hour statistics.
      </PremiumOverlay>,
    );
    const overlay = screen.getByTestId('premium-overlay');
    expect(within(overlay).getByText('Whale tracking is a Premium feature').tagName).toBe('P');
    expect(
      within(overlay).getByText(
        'See every XRP transfer above 1M XRP as it happens, with 24-hour statistics.',
      ),
    ).toBeTruthy();
    const upgrade = within(overlay).getByRole('link', { name: 'Upgrade to Premium' });
    expect(upgrade.getAttribute('href')).toBe('/membership');
    // It shows no data of its own and asks for none (only the app's session).
    expect(view.requests.filter((request) => request !== 'GET /api/session')).toEqual([]);
  });

  it('shows the title and the upgrade link alone when given no description', () => {
    renderApp(<PremiumOverlay title="Advanced charting is a Premium feature" />);
    const overlay = screen.getByTestId('premium-overlay');
    expect([...overlay.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Advanced charting is a Premium feature',
    ]);
    expect(within(overlay).getByRole('link', { name: 'Upgrade to Premium' })).toBeTruthy();
  });
});
