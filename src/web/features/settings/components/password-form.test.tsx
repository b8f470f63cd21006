// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problemAt } from '../../../../../tests/support/forms';
import { renderApp } from '../../../../../tests/support/render-app';
import { PasswordForm } from './password-form';

function fill(values: { current: string; next: string; confirm: string }) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: values.current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: values.next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: values.confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('PasswordForm', () => {
  it('checks the rules the server checks before sending anything, and keeps what was typed', async () => {
    const view = renderApp(<PasswordForm />);
    fill({ current: 'Old-Horse-1', next: 'Brand-New-Horse-2', confirm: 'Brand-New-Horse-3' });
    expect((await screen.findByRole('alert')).textContent).toBe('New passwords do not match');
    const confirm = screen.getByLabelText('Confirm new password');
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(confirm)).toBe('New passwords do not match');
    expect(document.activeElement).toBe(confirm);
    expect(view.requests.filter((request) => request.includes('change-password'))).toEqual([]);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('Brand-New-Horse-2');
  });

  it("shows the server's refusal in the form and loses nothing", async () => {
    const view = renderApp(<PasswordForm />, {
      api: {
        'POST /api/account/change-password': {
          status: 400,
          body: { error: { code: 'bad_request', message: 'Your current password is not correct.' } },
        },
      },
    });
    fill({ current: 'Wrong-Horse-1', next: 'Brand-New-Horse-2', confirm: 'Brand-New-Horse-2' });
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is not correct.');
    expect(view.requests).toContain('POST /api/account/change-password');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('Wrong-Horse-1');
  });

  it('empties the form once the password has changed', async () => {
    renderApp(<PasswordForm />, { api: { 'POST /api/account/change-password': { ok: true } } });
    fill({ current: 'Old-Horse-1', next: 'Brand-New-Horse-2', confirm: 'Brand-New-Horse-2' });
    await waitFor(() =>
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
