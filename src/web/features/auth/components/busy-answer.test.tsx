// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/web/lib/toast';
import { renderApp } from '../../../../../tests/support/render-app';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

afterEach(() => {
  vi.restoreAllMocks();
});

/** better-auth's answer when the server's password-hashing queue is full. */
const busy = { status: 503, body: { code: 'BUSY', message: 'Busy — try again in 2 s' } };

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('a busy server, on the sign-in and sign-up forms', () => {
  it('sign-in says "Busy — try again in N s" and keeps what was typed', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const onSignedIn = vi.fn(() => Promise.resolve());
    renderApp(
      <SignInForm onSignedIn={onSignedIn} onTwoFactorRequired={vi.fn()} onForgotPassword={vi.fn()} />,
      {
        api: { 'POST /api/auth/sign-in/email': busy },
      },
    );
    type('Email', 'ann@example.com');
    type('Password', 'Secret-Horse-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Busy — try again in 2 s');
    expect(valueOf('Email')).toBe('ann@example.com');
    expect(valueOf('Password')).toBe('Secret-Horse-1');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('sign-up says "Busy — try again in N s" and keeps what was typed', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    renderApp(<SignUpForm />, { api: { 'POST /api/auth/sign-up/email': busy } });
    type('Full name', 'Jo Joiner');
    type('Email', 'jo@example.com');
    type('Password', 'Joiner-Pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Busy — try again in 2 s');
    expect(valueOf('Full name')).toBe('Jo Joiner');
    expect(valueOf('Email')).toBe('jo@example.com');
    expect(valueOf('Password')).toBe('Joiner-Pass-1');
  });
});
