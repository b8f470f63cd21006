// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../../tests/support/members';
import { renderApp } from '../../../../../tests/support/render-app';
import { NotificationsTab } from './notifications-tab';

/** A switch by its field, as the member reads it: on or off, changeable or locked. */
const state = (id: string) => {
  const control = document.getElementById(id);
  if (control?.getAttribute('role') !== 'switch') throw new Error(`No switch ${id}`);
  return { checked: control.getAttribute('aria-checked'), disabled: control.hasAttribute('disabled') };
};

describe('NotificationsTab: a switch claims only what the member gets', () => {
  it('a free member: price emails on and changeable; Premium switches off and locked, whatever was saved', async () => {
    // Saved while Premium, before a downgrade: the server ignores all of these on Free.
    const dana = member({
      preferences: {
        notificationEmailWhaleAlerts: true,
        notificationPushEnabled: true,
        notificationPushPriceAlerts: true,
        quietHoursEnabled: true,
        alertFrequency: 'daily',
      },
    });
    renderApp(<NotificationsTab />, { session: dana.session, api: dana.api });
    // The tab reads the preferences again once the session names the member: wait for that answer.
    await waitFor(() => expect(state('email-notificationEmailPriceAlerts').checked).toBe('true'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(state('email-notificationEmailPriceAlerts')).toEqual({ checked: 'true', disabled: false });
    expect(
      screen.getByText('When XRP crosses one of the price targets you set on the Alerts page.'),
    ).toBeTruthy();
    expect(state('email-notificationEmailWhaleAlerts')).toEqual({ checked: 'false', disabled: true });
    expect(state('push-notificationPushEnabled')).toEqual({ checked: 'false', disabled: true });
    expect(state('push-notificationPushPriceAlerts')).toEqual({ checked: 'false', disabled: true });
    expect(state('custom-quietHoursEnabled')).toEqual({ checked: 'false', disabled: true });
    expect((screen.getByLabelText(/Alert frequency/) as HTMLSelectElement).value).toBe('instant');
  });

  it('a Premium member sees and changes what is saved', async () => {
    const pat = member({
      plan: 'premium',
      preferences: { notificationEmailWhaleAlerts: true, alertFrequency: 'daily' },
    });
    renderApp(<NotificationsTab />, { session: pat.session, api: pat.api });
    await waitFor(() =>
      expect(state('email-notificationEmailWhaleAlerts')).toEqual({ checked: 'true', disabled: false }),
    );
    expect((screen.getByLabelText(/Alert frequency/) as HTMLSelectElement).value).toBe('daily');
  });
});
