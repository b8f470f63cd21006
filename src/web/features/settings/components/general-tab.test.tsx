// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import { GeneralTab } from './general-tab';

const mia = () => member({ fullName: 'Mia Member', email: 'mia@example.test' });

async function renderName(api: RenderAppOptions['api'] = {}) {
  const view = renderApp(<GeneralTab />, { api, session: mia().session, toasts: true });
  const name = (await screen.findByLabelText('Full name')) as HTMLInputElement;
  return { view, name };
}

/** Types a name and moves on to the next field, as a member leaves it. */
function rename(name: HTMLInputElement, value: string) {
  name.focus();
  fireEvent.change(name, { target: { value } });
  (screen.getByLabelText('Email') as HTMLInputElement).focus();
}

const profileRequests = (requests: string[]) => requests.filter((request) => request.includes('/profile'));

describe('GeneralTab: the full name', () => {
  it('checks the length the server allows on leaving the field, without pulling the focus back', async () => {
    const { view, name } = await renderName();
    const long = 'M'.repeat(101);
    rename(name, long);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(name)).toBe('Keep the name under 100 characters');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(name.value).toBe(long);
    expect(profileRequests(view.requests)).toEqual([]);
  });

  it('saves nothing when the name did not change', async () => {
    const { view, name } = await renderName();
    rename(name, ' Mia Member ');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(profileRequests(view.requests)).toEqual([]);
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses to clear the name, and leaves a long name set by an admin alone until it is edited', async () => {
    const { view, name } = await renderName();
    rename(name, '   ');
    await waitFor(() => expect(problemAt(name)).toBe('Full name is required'));
    expect(profileRequests(view.requests)).toEqual([]);

    const long = member({ fullName: 'L'.repeat(110) });
    view.unmount();
    renderApp(<GeneralTab />, { session: long.session });
    const field = (await screen.findByLabelText('Full name')) as HTMLInputElement;
    field.focus();
    (screen.getByLabelText('Email') as HTMLInputElement).focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('saves a changed name, trimmed, with the toast', async () => {
    const sent = bodies();
    const { name } = await renderName({
      'PATCH /api/profile': (request: Request) => {
        sent.record(request);
        return { ...mia().session.profile, fullName: 'Mia Renamed' };
      },
    });
    rename(name, '  Mia Renamed ');
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(await sent.all()).toEqual([{ fullName: 'Mia Renamed' }]);
  });

  it("shows the server's refusal above the field and keeps the name", async () => {
    const { name } = await renderName({
      'PATCH /api/profile': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'Your account is blocked.' } },
      },
    });
    rename(name, 'Mia Renamed');
    // (The preferences, unanswered here, have their own alert.)
    const refusal = await screen.findByText('Your account is blocked.');
    expect(refusal.closest('[role="alert"]')?.textContent).toBe('Your account is blocked.');
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
    expect(name.value).toBe('Mia Renamed');
  });
});
