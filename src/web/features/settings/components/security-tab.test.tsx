// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies } from '../../../../../tests/support/forms';
import { member } from '../../../../../tests/support/members';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import { SecurityTab } from './security-tab';

async function openDisable(api: RenderAppOptions['api'] = {}) {
  const view = renderApp(<SecurityTab />, {
    api: { 'GET /api/session': member({ twoFactorEnabled: true }).session, ...api },
    toasts: true,
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Disable 2FA' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' }));
  return { view, dialog };
}

const turnOff = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: 'Turn off' }) as HTMLButtonElement;

function fill(dialog: ReturnType<typeof within>, password: string, code: string) {
  fireEvent.change(dialog.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(dialog.getByLabelText('Two-factor code'), { target: { value: code } });
}

const disableRequests = (requests: string[]) => requests.filter((request) => request.includes('disable'));

describe('SecurityTab: turning two-factor sign-in off', () => {
  it('waits for the password and a code, and checks the code as the server does', async () => {
    const { view, dialog } = await openDisable();
    expect(turnOff(dialog).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'Right-Horse-1' } });
    expect(turnOff(dialog).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Two-factor code'), { target: { value: '   ' } });
    expect(turnOff(dialog).disabled).toBe(true);
    const tooLong = 'x'.repeat(65);
    fireEvent.change(dialog.getByLabelText('Two-factor code'), { target: { value: tooLong } });
    fireEvent.click(turnOff(dialog));
    const code = dialog.getByLabelText('Two-factor code') as HTMLInputElement;
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText('Invalid verification code').id).toBe(
      code.getAttribute('aria-describedby')?.split(' ')[0],
    );
    expect(code.value).toBe(tooLong);
    expect(disableRequests(view.requests)).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps what was entered", async () => {
    const { view, dialog } = await openDisable({
      'POST /api/account/two-factor/disable': {
        status: 400,
        body: { error: { code: 'bad_request', message: 'Invalid verification code' } },
      },
    });
    fill(dialog, 'Right-Horse-1', '000000');
    fireEvent.click(turnOff(dialog));
    expect((await dialog.findByRole('alert')).textContent).toBe('Invalid verification code');
    expect(disableRequests(view.requests)).toEqual(['POST /api/account/two-factor/disable']);
    expect((dialog.getByLabelText('Password') as HTMLInputElement).value).toBe('Right-Horse-1');
    expect((dialog.getByLabelText('Two-factor code') as HTMLInputElement).value).toBe('000000');
  });

  it('sends the password and the trimmed code, closes, and shows it off', async () => {
    let on = true;
    const sent = bodies();
    const { dialog } = await openDisable({
      'GET /api/session': () => member({ twoFactorEnabled: on }).session,
      'POST /api/account/two-factor/disable': (request: Request) => {
        sent.record(request);
        on = false;
        return { ok: true };
      },
    });
    fill(dialog, 'Right-Horse-1', ' abcde-fghij ');
    fireEvent.click(turnOff(dialog));
    expect(await screen.findByText('Two-factor authentication turned off')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ password: 'Right-Horse-1', code: 'abcde-fghij' }]);
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('Not enabled'));
  });
});
