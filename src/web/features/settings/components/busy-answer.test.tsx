// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member } from '../../../../../tests/support/members';
import { renderApp } from '../../../../../tests/support/render-app';
import { AccountTab } from './account-tab';
import { PasswordForm } from './password-form';
import { TwoFactorDialog } from './two-factor-dialog';

// better-auth's client keeps the `fetch` there was when it was created, before renderApp stubs it:
// give it one that asks the global `fetch` of the moment (as two-factor-dialog.test.tsx does).
vi.hoisted(() => {
  const original = globalThis.fetch;
  const current: typeof fetch = (input, init) =>
    (globalThis.fetch === current ? original : globalThis.fetch)(input, init);
  globalThis.fetch = current;
});

afterEach(() => {
  vi.restoreAllMocks();
});

const BUSY = 'Busy — try again in 3 s';
/** The app's own error shape, as the account routes answer a full password-hashing queue. */
const appBusy = { status: 503, body: { error: { code: 'unavailable', message: BUSY } } };
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('a busy server, on the password change and re-authentication forms', () => {
  it('the password change says "Busy — try again in N s" and keeps what was typed', async () => {
    renderApp(<PasswordForm />, { api: { 'POST /api/account/change-password': appBusy } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Old-Horse-1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Brand-New-Horse-2' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'Brand-New-Horse-2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BUSY);
    expect(valueOf('Current password')).toBe('Old-Horse-1');
    expect(valueOf('New password')).toBe('Brand-New-Horse-2');
    expect(valueOf('Confirm new password')).toBe('Brand-New-Horse-2');
  });

  it('the two-factor setup stays open on its password step, says so, and keeps the password', async () => {
    renderApp(<TwoFactorDialog open onOpenChange={vi.fn()} onEnabled={vi.fn()} />, {
      api: { 'POST /api/auth/two-factor/enable': { status: 503, body: { code: 'BUSY', message: BUSY } } },
      toasts: true,
    });
    fireEvent.change(screen.getByLabelText('Confirm your password'), { target: { value: 'Secret-Horse-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BUSY);
    expect(valueOf('Confirm your password')).toBe('Secret-Horse-1');
  });

  it('the account deletion dialog says so and keeps the password', async () => {
    renderApp(<AccountTab />, {
      api: { 'POST /api/account/delete': appBusy },
      session: member().session,
      toasts: true,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    fireEvent.change(dialog.getByLabelText(/password/i), { target: { value: 'Secret-Horse-1' } });
    for (const box of dialog.queryAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(BUSY);
    expect((dialog.getByLabelText(/password/i) as HTMLInputElement).value).toBe('Secret-Horse-1');
  });
});
