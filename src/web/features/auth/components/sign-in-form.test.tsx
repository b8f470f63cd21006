// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/web/lib/toast';
import { renderApp } from '../../../../../tests/support/render-app';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { SignInForm } from './sign-in-form';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderForm(api: Parameters<typeof renderApp>[1] = {}) {
  const props = {
    onSignedIn: vi.fn(() => Promise.resolve()),
    onTwoFactorRequired: vi.fn(),
    onForgotPassword: vi.fn(),
  };
  const view = renderApp(<SignInForm {...props} />, api);
  return { ...view, props };
}

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const signInRequests = (requests: string[]) => requests.filter((request) => request.includes('/sign-in/'));

describe('SignInForm', () => {
  it('checks the address before sending anything, in the alert and at the field, and keeps what was typed', async () => {
    const view = renderForm();
    signIn('ann@', 'Secret-Horse-1');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    const email = screen.getByLabelText('Email');
    expect(problemAt(email)).toBe('Please enter a valid email address');
    expect(document.activeElement).toBe(email);
    expect((email as HTMLInputElement).value).toBe('ann@');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('Secret-Horse-1');
    expect(signInRequests(view.requests)).toEqual([]);
  });

  it('asks for the password when it is empty', async () => {
    const view = renderForm();
    signIn('ann@example.com', '');
    expect((await screen.findByRole('alert')).textContent).toBe('Password is required');
    expect(problemAt(screen.getByLabelText('Password'))).toBe('Password is required');
    expect(problemAt(screen.getByLabelText('Email'))).toBeNull();
    expect(signInRequests(view.requests)).toEqual([]);
  });

  it('shows a refused sign-in in the alert and the "Sign in failed" toast, and loses nothing', async () => {
    const failed = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const view = renderForm({
      api: {
        'POST /api/auth/sign-in/email': {
          status: 401,
          body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        },
      },
    });
    signIn('ann@example.com', 'Wrong-Horse-1');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(failed).toHaveBeenCalledWith('Sign in failed', { description: 'Invalid email or password' });
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
    expect(signInRequests(view.requests)).toEqual(['POST /api/auth/sign-in/email']);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('Wrong-Horse-1');
    expect(view.props.onSignedIn).not.toHaveBeenCalled();
  });

  it('tells an unverified user so and sends the link again on request', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const sent = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const resent = bodies();
    const view = renderForm({
      api: {
        'POST /api/auth/sign-in/email': {
          status: 403,
          body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
        },
        'POST /api/auth/send-verification-email': (request: Request) => {
          resent.record(request);
          return { status: true };
        },
      },
    });
    signIn('ann@example.com', 'Secret-Horse-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please verify your email address before signing in.');
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith('Verification email sent', expect.anything()));
    expect(view.requests).toContain('POST /api/auth/send-verification-email');
    expect(await resent.all()).toEqual([{ email: 'ann@example.com', callbackURL: '/?verified=1' }]);
  });

  it('sends the checked address and the password, then reports the session', async () => {
    const sent = bodies();
    const view = renderForm({
      api: {
        'POST /api/auth/sign-in/email': (request: Request) => {
          sent.record(request);
          return { redirect: false, user: { id: 'u1', email: 'ann@example.com' } };
        },
      },
    });
    signIn('  Ann@Example.COM ', 'Secret-Horse-1');
    await waitFor(() => expect(view.props.onSignedIn).toHaveBeenCalledTimes(1));
    expect(await sent.all()).toEqual([{ email: 'ann@example.com', password: 'Secret-Horse-1' }]);
    expect(view.props.onTwoFactorRequired).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands over to the second step when two-factor sign-in is on', async () => {
    const view = renderForm({ api: { 'POST /api/auth/sign-in/email': { twoFactorRedirect: true } } });
    signIn('ann@example.com', 'Secret-Horse-1');
    await waitFor(() => expect(view.props.onTwoFactorRequired).toHaveBeenCalledTimes(1));
    expect(view.props.onSignedIn).not.toHaveBeenCalled();
  });

  it('takes the address typed so far to "Forgot your password?"', () => {
    const view = renderForm();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(view.props.onForgotPassword).toHaveBeenCalledWith('ann@example.com');
  });
});
