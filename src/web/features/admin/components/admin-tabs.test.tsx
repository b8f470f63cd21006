// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../../tests/support/members';
import { renderApp } from '../../../../../tests/support/render-app';
import { AdminTabs } from './admin-tabs';

const inboxApi = {
  'GET /api/inbox/questions': {
    questions: [],
    total: 0,
    page: 1,
    pageSize: 20,
    counts: { unassigned: 0, mine: 0, all: 0 },
  },
  'GET /api/inbox/settings': { emailNewQuestions: true },
};

const tabNames = async () =>
  within(await screen.findByRole('tablist'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('AdminTabs', () => {
  it('shows an analyst who is not an administrator the Analyst Inbox alone, whatever tab the link names', async () => {
    const analyst = member({ role: 'analyst' });
    const view = renderApp(<AdminTabs />, {
      route: '/admin?tab=overview',
      session: analyst.session,
      api: { ...analyst.api, ...inboxApi },
    });
    // The inbox alone, without a tab bar of one tab (the page's heading names it).
    expect(await screen.findByRole('heading', { name: 'Members’ questions' })).toBeTruthy();
    expect(await screen.findByText(/No unassigned questions/)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    // Nothing of the administrators' tabs is asked for.
    expect(view.requests.filter((request) => request.includes('/api/admin/'))).toEqual([]);
  });

  it('shows an administrator every tab, the Analyst Inbox among them, and opens it from the link', async () => {
    const admin = member({ role: 'admin' });
    renderApp(<AdminTabs />, {
      route: '/admin?tab=inbox',
      session: admin.session,
      api: { ...admin.api, ...inboxApi },
    });
    await screen.findByRole('tab', { name: 'Overview' });
    expect(await tabNames()).toEqual([
      'Overview',
      'User Management',
      'Comments',
      'Analyst Inbox',
      'RSS Feeds',
      'API Management',
      'Domino Events',
      'Known Accounts',
    ]);
    expect(screen.getByRole('tab', { name: 'Analyst Inbox' }).getAttribute('aria-selected')).toBe('true');
    expect(
      await screen.findByRole('switch', { name: 'Email me when a member asks a question' }),
    ).toBeTruthy();
  });
});
