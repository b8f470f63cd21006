// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import { ChangeEmailDialog } from './change-email-dialog';

const currentEmail = 'Mia@Example.test';

async function open(api: RenderAppOptions['api'] = {}, twoFactorEnabled = false) {
  const view = renderApp(
    <ChangeEmailDialog currentEmail={currentEmail} twoFactorEnabled={twoFactorEnabled} />,
    { api, toasts: true },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Change' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Change email address' }));
  return { view, dialog };
}

function send(dialog: ReturnType<typeof within>, values: { email: string; password: string; code?: string }) {
  fireEvent.change(dialog.getByLabelText('New email'), { target: { value: values.email } });
  fireEvent.change(dialog.getByLabelText('Password'), { target: { value: values.password } });
  if (values.code !== undefined) {
    fireEvent.change(dialog.getByLabelText('Two-factor code'), { target: { value: values.code } });
  }
  fireEvent.click(dialog.getByRole('button', { name: 'Send verification' }));
}

const changeRequests = (requests: string[]) => requests.filter((request) => request.includes('change-email'));

describe('ChangeEmailDialog', () => {
  it('refuses the current address before sending, in the alert and at the field, and keeps it', async () => {
    const { view, dialog } = await open();
    send(dialog, { email: 'mia@example.TEST', password: 'Right-Horse-1' });
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'New email must be different from current email',
    );
    const email = dialog.getByLabelText('New email') as HTMLInputElement;
    expect(problemAt(email)).toBe('New email must be different from current email');
    expect(email.value).toBe('mia@example.TEST');
    expect(changeRequests(view.requests)).toEqual([]);
  });

  it('checks the address with the schema the server uses', async () => {
    const { view, dialog } = await open();
    send(dialog, { email: 'not-an-address', password: 'Right-Horse-1' });
    expect((await dialog.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    const email = dialog.getByLabelText('New email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(changeRequests(view.requests)).toEqual([]);
  });

  it("shows the server's refusal and loses nothing", async () => {
    const { view, dialog } = await open({
      'POST /api/account/change-email': {
        status: 400,
        body: { error: { code: 'bad_request', message: 'Incorrect password' } },
      },
    });
    send(dialog, { email: 'mia.new@example.test', password: 'Wrong-Horse-1' });
    expect((await dialog.findByRole('alert')).textContent).toBe('Incorrect password');
    expect(changeRequests(view.requests)).toEqual(['POST /api/account/change-email']);
    expect((dialog.getByLabelText('New email') as HTMLInputElement).value).toBe('mia.new@example.test');
    expect((dialog.getByLabelText('Password') as HTMLInputElement).value).toBe('Wrong-Horse-1');
    expect(await screen.findByText('Failed to change email')).toBeTruthy();
  });

  it('sends the checked address and the password, closes, and starts empty next time', async () => {
    const sent = bodies();
    const { dialog } = await open({
      'POST /api/account/change-email': (request: Request) => {
        sent.record(request);
        return { message: 'Verification emails sent! Please check both your old and new email addresses.' };
      },
    });
    send(dialog, { email: 'Mia.New@Example.test', password: 'Right-Horse-1' });
    expect(
      await screen.findByText(
        'Verification emails sent! Please check both your old and new email addresses.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.all()).toEqual([{ newEmail: 'mia.new@example.test', password: 'Right-Horse-1' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const again = within(await screen.findByRole('dialog', { name: 'Change email address' }));
    expect((again.getByLabelText('New email') as HTMLInputElement).value).toBe('');
  });

  it('with two-factor sign-in on, sends the code too', async () => {
    const sent = bodies();
    const { dialog } = await open(
      {
        'POST /api/account/change-email': (request: Request) => {
          sent.record(request);
          return { message: 'sent' };
        },
      },
      true,
    );
    send(dialog, { email: 'mia.new@example.test', password: 'Right-Horse-1', code: ' 654321 ' });
    await waitFor(async () =>
      expect(await sent.all()).toEqual([
        { newEmail: 'mia.new@example.test', password: 'Right-Horse-1', code: '654321' },
      ]),
    );
  });
});
