// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/web/lib/toast';
import { renderApp } from '../../../../../tests/support/render-app';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { TwoFactorStep } from './two-factor-step';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderStep(api: Parameters<typeof renderApp>[1] = {}) {
  const props = { onSignedIn: vi.fn(() => Promise.resolve()), onCancel: vi.fn() };
  return { ...renderApp(<TwoFactorStep {...props} />, api), props };
}

const code = (label = 'Verification code') => screen.getByLabelText(label) as HTMLInputElement;
const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
const twoFactorRequests = (requests: string[]) =>
  requests.filter((request) => request.includes('/two-factor/'));

describe('TwoFactorStep', () => {
  it('keeps digits only and asks for all six before sending anything', async () => {
    const view = renderStep();
    fireEvent.change(code(), { target: { value: '12 a3' } });
    expect(code().value).toBe('123');
    fireEvent.change(code(), { target: { value: '123456789' } });
    expect(code().value).toBe('123456');
    fireEvent.change(code(), { target: { value: '123' } });
    verify();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
    expect(problemAt(code())).toBe('Enter the 6-digit code from your authenticator app');
    expect(code().value).toBe('123');
    expect(twoFactorRequests(view.requests)).toEqual([]);
  });

  it('shows a refused code in the alert and the "Sign in failed" toast, and keeps it', async () => {
    const failed = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const view = renderStep({
      api: {
        'POST /api/auth/two-factor/verify-totp': {
          status: 401,
          body: { code: 'INVALID_CODE', message: 'Invalid code' },
        },
      },
    });
    fireEvent.change(code(), { target: { value: '654321' } });
    verify();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code');
    expect(failed).toHaveBeenCalledWith('Sign in failed', { description: 'Invalid code' });
    expect(twoFactorRequests(view.requests)).toEqual(['POST /api/auth/two-factor/verify-totp']);
    expect(code().value).toBe('654321');
    expect(view.props.onSignedIn).not.toHaveBeenCalled();
  });

  it('says when to try again after too many wrong codes', async () => {
    const failed = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const message = 'Too many wrong codes. Try again in 15 minutes.';
    const view = renderStep({
      api: {
        'POST /api/auth/two-factor/verify-totp': {
          status: 429,
          body: { code: 'TOO_MANY_WRONG_CODES', message },
        },
      },
    });
    fireEvent.change(code(), { target: { value: '654321' } });
    verify();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(failed).toHaveBeenCalledWith('Sign in failed', { description: message });
    expect(view.props.onSignedIn).not.toHaveBeenCalled();
  });

  it('sends the code from the app and reports the session', async () => {
    const sent = bodies();
    const view = renderStep({
      api: {
        'POST /api/auth/two-factor/verify-totp': (request: Request) => {
          sent.record(request);
          return { user: { id: 'u1' } };
        },
      },
    });
    fireEvent.change(code(), { target: { value: '123456' } });
    verify();
    await waitFor(() => expect(view.props.onSignedIn).toHaveBeenCalledTimes(1));
    expect(await sent.all()).toEqual([{ code: '123456' }]);
  });

  it('switches to a backup code afresh, and sends it trimmed', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const sent = bodies();
    const view = renderStep({
      api: {
        'POST /api/auth/two-factor/verify-totp': {
          status: 401,
          body: { code: 'INVALID_CODE', message: 'Invalid code' },
        },
        'POST /api/auth/two-factor/verify-backup-code': (request: Request) => {
          sent.record(request);
          return { user: { id: 'u1' } };
        },
      },
    });
    fireEvent.change(code(), { target: { value: '654321' } });
    verify();
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('Enter one of your backup codes. Each works once.')).toBeTruthy();
    expect(code('Backup code').value).toBe('');
    fireEvent.change(code('Backup code'), { target: { value: ' AbCd-EfGh ' } });
    expect(code('Backup code').value).toBe(' AbCd-EfGh ');
    verify();
    await waitFor(() => expect(view.props.onSignedIn).toHaveBeenCalledTimes(1));
    expect(await sent.all()).toEqual([{ code: 'AbCd-EfGh' }]);
    expect(screen.getByRole('button', { name: 'Use an authenticator code' })).toBeTruthy();
  });

  it('can be cancelled', () => {
    const view = renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(view.props.onCancel).toHaveBeenCalledTimes(1);
  });
});
