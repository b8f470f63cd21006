// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../tests/support/members';
import { renderApp } from '../../../../tests/support/render-app';
import { MobileNavPanel } from './mobile-nav-panel';

function renderPanel(plan: 'free' | 'premium') {
  const who = member({ plan });
  return renderApp(
    <MobileNavPanel open onOpenChange={() => {}} onSignOut={() => {}} returnFocus={() => {}} />,
    { route: '/', session: who.session, api: who.api },
  );
}

describe('the phone menu', () => {
  it.each(['free', 'premium'] as const)('lists Membership once for a %s member', async (plan) => {
    renderPanel(plan);
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    // The account links show once the session is known; Membership is already among the main links.
    expect(await within(panel).findByRole('link', { name: 'Settings' })).toBeTruthy();
    expect(within(panel).getAllByRole('link', { name: 'Membership' })).toHaveLength(1);
  });
});
