// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, type RenderAppOptions } from '../../../../../tests/support/render-app';
import { TwoFactorDialog } from './two-factor-dialog';

// better-auth's client keeps the `fetch` there was when it was created, before renderApp stubs it:
// give it one that asks the global `fetch` of the moment (see the report on src/web/lib/auth-client.ts).
vi.hoisted(() => {
  const original = globalThis.fetch;
  const current: typeof fetch = (input, init) =>
    (globalThis.fetch === current ? original : globalThis.fetch)(input, init);
  globalThis.fetch = current;
});

const secret = 'JBSWY3DPEHPK3PXP';
const backupCodes = ['aaaaa-bbbbb', 'ccccc-ddddd'];
const enabled = {
  method: 'totp',
  totpURI: `otpauth://totp/XRP%20Research:mia%40example.test?secret=${secret}&issuer=XRP%20Research`,
  backupCodes,
};

/** The dialog as the security tab holds it: open until it closes itself. */
function render(api: RenderAppOptions['api'], onEnabled = vi.fn()) {
  function Open() {
    const [open, setOpen] = useState(true);
    return <TwoFactorDialog open={open} onOpenChange={setOpen} onEnabled={onEnabled} />;
  }
  const view = renderApp(<Open />, { api, toasts: true });
  return { view, onEnabled };
}

function continueWith(password: string) {
  fireEvent.change(screen.getByLabelText('Confirm your password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('TwoFactorDialog', () => {
  it('says a wrong password in the dialog, keeps it, and sets nothing up', async () => {
    render({
      'POST /api/auth/two-factor/enable': {
        status: 400,
        body: { code: 'INVALID_PASSWORD', message: 'Invalid password' },
      },
    });
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    continueWith('Wrong-Horse-1');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');
    expect((screen.getByLabelText('Confirm your password') as HTMLInputElement).value).toBe('Wrong-Horse-1');
    expect(screen.queryByTestId('two-factor-secret')).toBeNull();
  });

  it('closes with "Failed to setup 2FA" when the setup fails otherwise', async () => {
    const { view } = render({
      'POST /api/auth/two-factor/enable': {
        status: 500,
        body: { code: 'INTERNAL', message: 'Something broke' },
      },
    });
    continueWith('Right-Horse-1');
    expect(await screen.findByText('Failed to setup 2FA')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.requests).toContain('POST /api/auth/two-factor/enable');
  });

  it('sends the password, shows the secret to copy, and turns on with a 6-digit code', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let sentPassword: unknown;
    let sentCode: unknown;
    let codeRight = false;
    const { onEnabled } = render({
      'POST /api/auth/two-factor/enable': (request: Request) => {
        void request.json().then((body: { password: string }) => (sentPassword = body.password));
        return enabled;
      },
      'POST /api/auth/two-factor/verify-totp': (request: Request) => {
        void request.json().then((body: { code: string }) => (sentCode = body.code));
        return codeRight
          ? { token: 'session', user: {} }
          : { status: 401, body: { code: 'INVALID_CODE', message: 'Invalid code' } };
      },
    });
    continueWith('Right-Horse-1');
    expect((await screen.findByTestId('two-factor-secret')).textContent).toBe(secret);
    expect(sentPassword).toBe('Right-Horse-1');

    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const code = screen.getByLabelText('6-digit code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '12ab34' } });
    expect(code.value).toBe('1234');
    expect(screen.getByRole('button', { name: 'Enable' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid verification code');
    expect(await screen.findByText('Invalid verification code', { selector: '[data-title]' })).toBeTruthy();
    expect(code.value).toBe('123456');
    expect(sentCode).toBe('123456');
    expect(onEnabled).not.toHaveBeenCalled();

    codeRight = true;
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Two-factor authentication enabled successfully!')).toBeTruthy();
    const list = screen.getByTestId('backup-codes');
    expect(list.textContent).toBe(backupCodes.join(''));
    // Phones get one column, and no code ever breaks across lines (a split code is easy to mistype).
    expect(list.className).toMatch(/(^| )grid-cols-1( |$)/);
    for (const item of within(list).getAllByRole('listitem'))
      expect(item.className.split(' ')).toEqual(expect.arrayContaining(['whitespace-nowrap', 'font-mono']));
    expect(onEnabled).toHaveBeenCalledTimes(1);
  });
});
