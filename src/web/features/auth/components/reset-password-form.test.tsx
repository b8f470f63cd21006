// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/web/lib/toast';
import { renderApp } from '../../../../../tests/support/render-app';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = 'reset-token-0123456789abcdef';
const LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function choose(password: string, confirm: string) {
  fireEvent.change(field('New password'), { target: { value: password } });
  fireEvent.change(field('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

const resetRequests = (requests: string[]) =>
  requests.filter((request) => request.includes('/reset-password'));

describe('ResetPasswordForm', () => {
  it('says a link without a token is not valid and cannot be used', () => {
    renderApp(<ResetPasswordForm token={null} onDone={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(LINK_INVALID);
    expect((screen.getByRole('button', { name: 'Set new password' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('checks the sign-up rules before sending anything, and keeps what was typed', async () => {
    const view = renderApp(<ResetPasswordForm token={TOKEN} onDone={vi.fn()} />);
    choose('abcdefgh1', 'abcdefgh1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Password must contain at least one uppercase letter',
    );
    expect(problemAt(field('New password'))).toBe('Password must contain at least one uppercase letter');
    expect(document.activeElement).toBe(field('New password'));
    expect(field('New password').value).toBe('abcdefgh1');
    expect(resetRequests(view.requests)).toEqual([]);
  });

  it('asks for the same password twice', async () => {
    const view = renderApp(<ResetPasswordForm token={TOKEN} onDone={vi.fn()} />);
    choose('Reset-Done-22', 'Reset-Done-23');
    expect((await screen.findByRole('alert')).textContent).toBe('New passwords do not match');
    expect(problemAt(field('Confirm new password'))).toBe('New passwords do not match');
    expect(problemAt(field('New password'))).toBeNull();
    expect(field('Confirm new password').value).toBe('Reset-Done-23');
    expect(resetRequests(view.requests)).toEqual([]);
  });

  it("shows the server's refusal in the alert and loses nothing", async () => {
    const onDone = vi.fn();
    const view = renderApp(<ResetPasswordForm token={TOKEN} onDone={onDone} />, {
      api: {
        'POST /api/auth/reset-password': {
          status: 400,
          body: { code: 'INVALID_TOKEN', message: 'Invalid token' },
        },
      },
    });
    choose('Reset-Done-22', 'Reset-Done-22');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid token');
    expect(resetRequests(view.requests)).toEqual(['POST /api/auth/reset-password']);
    expect(field('New password').value).toBe('Reset-Done-22');
    expect(field('Confirm new password').value).toBe('Reset-Done-22');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the new password with the token, says so and goes back to sign in', async () => {
    const updated = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const onDone = vi.fn();
    const sent = bodies();
    renderApp(<ResetPasswordForm token={TOKEN} onDone={onDone} />, {
      api: {
        'POST /api/auth/reset-password': (request: Request) => {
          sent.record(request);
          return { status: true };
        },
      },
    });
    choose('Reset-Done-22', 'Reset-Done-22');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(updated).toHaveBeenCalledWith('Password updated successfully', {
      description: 'Sign in with your new password.',
    });
    expect(await sent.all()).toEqual([{ newPassword: 'Reset-Done-22', token: TOKEN }]);
  });
});
