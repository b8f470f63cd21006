// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodies } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import { AccountTab } from './account-tab';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openDialog(api: RenderAppOptions['api'], twoFactorEnabled = false) {
  const view = renderApp(<AccountTab />, {
    api,
    session: member({ twoFactorEnabled }).session,
    toasts: true,
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { view, dialog: within(dialog) };
}

const deleteButton = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;

/** The redirect home waits 2 s: caught here instead of leaving jsdom for a page it cannot load. */
function catchRedirect() {
  const scheduled: number[] = [];
  const setTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    run: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (ms === 2000) {
      scheduled.push(ms);
      return 0;
    }
    return setTimeout(run, ms, ...rest);
  }) as typeof globalThis.setTimeout);
  return scheduled;
}

describe('AccountTab: deleting the account', () => {
  it('says what becomes of the member’s comments', async () => {
    const { dialog } = await openDialog({});
    expect(
      dialog.getByText(/Your comments will show as “Deleted member”, with their text removed\./),
    ).toBeTruthy();
  });

  it('shows the refusal of a wrong password in the dialog and keeps what was entered', async () => {
    const { view, dialog } = await openDialog({
      'POST /api/account/delete': {
        status: 400,
        body: { error: { code: 'bad_request', message: 'Incorrect password' } },
      },
    });
    expect(deleteButton(dialog).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'Wrong-Horse-1' } });
    expect(deleteButton(dialog).disabled).toBe(true);
    fireEvent.click(dialog.getByRole('checkbox'));
    fireEvent.click(deleteButton(dialog));
    expect((await dialog.findByRole('alert')).textContent).toBe('Incorrect password');
    expect(view.requests).toContain('POST /api/account/delete');
    expect((dialog.getByLabelText('Password') as HTMLInputElement).value).toBe('Wrong-Horse-1');
    expect((dialog.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('Failed to delete account')).toBeTruthy();
  });

  it('sends the password alone without two-factor sign-in, then says so and goes home after 2 s', async () => {
    const redirects = catchRedirect();
    const sent = bodies();
    const { dialog } = await openDialog({
      'POST /api/account/delete': (request: Request) => {
        sent.record(request);
        return { ok: true };
      },
    });
    expect(dialog.queryByLabelText('Two-factor code')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'Right-Horse-1' } });
    fireEvent.click(dialog.getByRole('checkbox'));
    fireEvent.click(deleteButton(dialog));
    expect(await screen.findByText('Account deleted successfully. You will be redirected...')).toBeTruthy();
    expect(await sent.all()).toEqual([{ password: 'Right-Horse-1' }]);
    expect(redirects).toEqual([2000]);
    expect(deleteButton(dialog).disabled).toBe(true);
  });

  it('with two-factor sign-in on, waits for the code and sends it trimmed', async () => {
    catchRedirect();
    const sent = bodies();
    const { dialog } = await openDialog(
      {
        'POST /api/account/delete': (request: Request) => {
          sent.record(request);
          return { ok: true };
        },
      },
      true,
    );
    const code = await dialog.findByLabelText('Two-factor code');
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'Right-Horse-1' } });
    fireEvent.click(dialog.getByRole('checkbox'));
    expect(deleteButton(dialog).disabled).toBe(true);
    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.click(deleteButton(dialog));
    await waitFor(async () =>
      expect(await sent.all()).toEqual([{ password: 'Right-Horse-1', code: '123456' }]),
    );
  });

  it('starts empty when opened again', async () => {
    const { dialog } = await openDialog({});
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'Some-Horse-1' } });
    fireEvent.click(dialog.getByRole('checkbox'));
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const again = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    expect((again.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect((again.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});
