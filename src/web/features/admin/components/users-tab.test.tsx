// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@/domain/admin/admin.schema';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import { UsersTab } from './users-tab';

const target: AdminUser = {
  id: 'profile-1',
  userId: 'user-1',
  fullName: 'Target Person',
  email: 'target@example.com',
  subscriptionPlan: 'free',
  blocked: false,
  blockReason: null,
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const patchPath = 'PATCH /api/admin/users/user-1';
const patches = (requests: string[]) => requests.filter((request) => request.startsWith('PATCH'));

function renderUsers(api: RenderAppOptions['api'] = {}, user: AdminUser = target) {
  return renderApp(<UsersTab />, {
    api: {
      'GET /api/admin/users': { users: [user], total: 1, page: 1, pageSize: 20 },
      'GET /api/admin/audit-logs': { logs: [], total: 0, page: 1, pageSize: 50 },
      ...api,
    },
  });
}

/** Answers the PATCH with the user after the change, and keeps the bodies it was sent. */
function recordPatches(user: AdminUser = target) {
  const sent = bodies();
  const answer = (request: Request) => {
    sent.record(request);
    return user;
  };
  return { sent, answer };
}

async function openDialog(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog'));
}

describe('UsersTab edit user form', () => {
  it('checks the name length before sending anything, and keeps what was typed', async () => {
    const view = renderUsers();
    const dialog = await openDialog('Edit target@example.com');
    const name = dialog.getByLabelText('Full name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(name)).toBe('Keep the name under 100 characters');
    expect(name.value).toBe('x'.repeat(101));
    expect(patches(view.requests)).toEqual([]);
  });

  it("shows the server's refusal in the dialog and loses nothing", async () => {
    const view = renderUsers({
      [patchPath]: {
        status: 403,
        body: { error: { code: 'forbidden', message: 'You cannot modify your own account' } },
      },
    });
    const dialog = await openDialog('Edit target@example.com');
    fireEvent.change(dialog.getByLabelText('Full name'), { target: { value: 'Renamed Person' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('You cannot modify your own account');
    expect(patches(view.requests)).toEqual([patchPath]);
    expect((dialog.getByLabelText('Full name') as HTMLInputElement).value).toBe('Renamed Person');
  });

  it('sends only what changed, trimmed, then closes', async () => {
    const { sent, answer } = recordPatches({ ...target, fullName: 'Renamed Person' });
    renderUsers({ [patchPath]: answer });
    const dialog = await openDialog('Edit target@example.com');
    fireEvent.change(dialog.getByLabelText('Full name'), { target: { value: '  Renamed Person ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ fullName: 'Renamed Person' }]);
  });

  it('sends a new plan alone, and closes without a request when nothing changed', async () => {
    const { sent, answer } = recordPatches({ ...target, subscriptionPlan: 'complimentary' });
    const view = renderUsers({ [patchPath]: answer });
    let dialog = await openDialog('Edit target@example.com');
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(view.requests)).toEqual([]);

    dialog = await openDialog('Edit target@example.com');
    fireEvent.change(dialog.getByLabelText('Plan'), { target: { value: 'complimentary' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ subscriptionPlan: 'complimentary' }]);
  });
});

describe('UsersTab block user form', () => {
  it('asks for a reason before blocking, and sends nothing without one', async () => {
    const view = renderUsers();
    const dialog = await openDialog('Block target@example.com');
    const reason = dialog.getByLabelText('Reason') as HTMLInputElement;
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Block User' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(reason)).toBe('Please provide a reason for blocking this user');
    expect(reason.value).toBe('   ');
    expect(patches(view.requests)).toEqual([]);
    // The message goes once there is a reason.
    fireEvent.change(reason, { target: { value: 'spam' } });
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBeNull());
  });

  it("shows the server's refusal in the dialog and keeps the reason", async () => {
    const view = renderUsers({
      [patchPath]: {
        status: 400,
        body: { error: { code: 'validation_error', message: 'You cannot block your own account' } },
      },
    });
    const dialog = await openDialog('Block target@example.com');
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'spam' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Block User' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('You cannot block your own account');
    expect(patches(view.requests)).toEqual([patchPath]);
    expect((dialog.getByLabelText('Reason') as HTMLInputElement).value).toBe('spam');
  });

  it('blocks with the trimmed reason, then closes', async () => {
    const { sent, answer } = recordPatches({ ...target, blocked: true, blockReason: 'spam' });
    renderUsers({ [patchPath]: answer });
    const dialog = await openDialog('Block target@example.com');
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: ' spam ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Block User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ blocked: true, reason: 'spam' }]);
  });

  it('unblocks without asking for a reason', async () => {
    const blocked = { ...target, blocked: true, blockReason: 'spam' };
    const { sent, answer } = recordPatches(target);
    renderUsers({ [patchPath]: answer }, blocked);
    const dialog = await openDialog('Unblock target@example.com');
    expect(dialog.queryByLabelText('Reason')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Unblock User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ blocked: false }]);
  });
});

const frontToast = () =>
  document.querySelector('[data-sonner-toast][data-front="true"]')?.textContent ?? null;

describe('UsersTab analyst role', () => {
  it('marks administrators and analysts beside their name', async () => {
    renderUsers({
      'GET /api/admin/users': {
        users: [
          { ...target, id: 'p-1', role: 'admin', fullName: 'Ada Admin' },
          { ...target, id: 'p-2', role: 'analyst', fullName: 'Sam Analyst' },
          { ...target, id: 'p-3', role: 'user', fullName: 'Una User' },
        ],
        total: 3,
        page: 1,
        pageSize: 20,
      },
    });
    const names = (await screen.findAllByTestId('admin-user-row')).map(
      (row) => row.querySelector('td')?.textContent,
    );
    expect(names).toEqual(['Ada AdminAdmin', 'Sam AnalystAnalyst', 'Una User']);
  });

  it('makes a user an analyst, and says so', async () => {
    const { sent, answer } = recordPatches({ ...target, role: 'analyst' });
    renderApp(<UsersTab />, {
      toasts: true,
      api: {
        'GET /api/admin/users': { users: [target], total: 1, page: 1, pageSize: 20 },
        'GET /api/admin/audit-logs': { logs: [], total: 0, page: 1, pageSize: 50 },
        [patchPath]: answer,
      },
    });
    const dialog = await openDialog('Edit target@example.com');
    const role = dialog.getByLabelText('Role') as HTMLSelectElement;
    expect(role.value).toBe('user');
    fireEvent.change(role, { target: { value: 'analyst' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ role: 'analyst' }]);
    await waitFor(() => expect(frontToast()).toBe('target@example.com is now an analyst'));
  });

  it('removes the analyst role, and toasts a refusal', async () => {
    const analyst = { ...target, role: 'analyst' as const };
    let refuse = true;
    const sent = bodies();
    renderApp(<UsersTab />, {
      toasts: true,
      api: {
        'GET /api/admin/users': { users: [analyst], total: 1, page: 1, pageSize: 20 },
        'GET /api/admin/audit-logs': { logs: [], total: 0, page: 1, pageSize: 50 },
        [patchPath]: (request: Request) => {
          sent.record(request);
          return refuse
            ? { status: 500, body: { error: { code: 'internal', message: 'Try again later' } } }
            : { ...target, role: 'user' };
        },
      },
    });
    const dialog = await openDialog('Edit target@example.com');
    fireEvent.change(dialog.getByLabelText('Role'), { target: { value: 'user' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(frontToast()).toBe('Failed to update userTry again later'));
    expect((dialog.getByLabelText('Role') as HTMLSelectElement).value).toBe('user');

    refuse = false;
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(frontToast()).toBe('target@example.com is no longer an analyst'));
    expect(await sent.all()).toEqual([{ role: 'user' }, { role: 'user' }]);
  });

  it("shows an administrator's role without letting it change: that is the CLI's", async () => {
    const admin = { ...target, role: 'admin' as const };
    const { sent, answer } = recordPatches({ ...admin, subscriptionPlan: 'premium' });
    renderUsers({ [patchPath]: answer }, admin);
    const dialog = await openDialog('Edit target@example.com');
    const role = dialog.getByLabelText('Role') as HTMLSelectElement;
    expect(role.disabled).toBe(true);
    expect(role.value).toBe('admin');
    expect(problemAt(role)).toBeNull();
    expect(document.getElementById(role.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Administrators change with the CLI.',
    );
    fireEvent.change(dialog.getByLabelText('Plan'), { target: { value: 'premium' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ subscriptionPlan: 'premium' }]);
  });
});
