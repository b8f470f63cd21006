// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/web/lib/toast';
import { renderApp } from '../../../../../tests/support/render-app';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { SignUpForm } from './sign-up-form';

afterEach(() => {
  vi.restoreAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
const signUpRequests = (requests: string[]) => requests.filter((request) => request.includes('/sign-up/'));

describe('SignUpForm', () => {
  it('shows the first password rule not met, and the strength, as the user types', async () => {
    renderApp(<SignUpForm />);
    expect(screen.queryByRole('alert')).toBeNull();
    type('Password', 'abc');
    expect((await screen.findByRole('alert')).textContent).toBe('Password must be at least 8 characters');
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Weak');
    type('Password', 'abcdefgh1');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Password must contain at least one uppercase letter',
      ),
    );
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Medium');
    type('Password', 'Abcdefgh12!x');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Strong');
  });

  it('checks the form on submit: first problem in the alert, each at its field, nothing sent or lost', async () => {
    const view = renderApp(<SignUpForm />);
    type('Email', 'jo@');
    type('Password', 'Joiner-Pass-1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Full name is required');
    const name = screen.getByLabelText('Full name');
    expect(problemAt(name)).toBe('Full name is required');
    expect(problemAt(screen.getByLabelText('Email'))).toBe('Please enter a valid email address');
    expect(document.activeElement).toBe(name);
    expect(valueOf('Email')).toBe('jo@');
    expect(valueOf('Password')).toBe('Joiner-Pass-1');
    expect(signUpRequests(view.requests)).toEqual([]);

    // Editing takes the submit's message away; the field is checked again as it changes.
    type('Full name', 'Jo Joiner');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(problemAt(name)).toBeNull();
  });

  it("shows the server's refusal in the alert and a toast, and loses nothing", async () => {
    const failed = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const view = renderApp(<SignUpForm />, {
      api: {
        'POST /api/auth/sign-up/email': {
          status: 429,
          body: { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Try again in 12 minutes.' },
        },
      },
    });
    type('Full name', 'Jo Joiner');
    type('Email', 'jo@example.com');
    type('Password', 'Joiner-Pass-1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 12 minutes.',
    );
    expect(failed).toHaveBeenCalledWith('Sign up failed', {
      description: 'Too many attempts. Try again in 12 minutes.',
    });
    expect(signUpRequests(view.requests)).toEqual(['POST /api/auth/sign-up/email']);
    expect(valueOf('Full name')).toBe('Jo Joiner');
    expect(valueOf('Email')).toBe('jo@example.com');
    expect(valueOf('Password')).toBe('Joiner-Pass-1');
  });

  it('sends the checked values and says to check the email', async () => {
    const created = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const sent = bodies();
    renderApp(<SignUpForm />, {
      api: {
        'POST /api/auth/sign-up/email': (request: Request) => {
          sent.record(request);
          return { user: { id: 'u1', email: 'jo@example.com' } };
        },
      },
    });
    type('Full name', '  Jo Joiner ');
    type('Email', ' Jo@Example.com');
    type('Password', 'Joiner-Pass-1');
    submit();
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'We sent a verification link to jo@example.com.',
    );
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(created).toHaveBeenCalledWith('Account created!', {
      description: 'Please check your email to verify your account.',
    });
    expect(await sent.all()).toEqual([
      { name: 'Jo Joiner', email: 'jo@example.com', password: 'Joiner-Pass-1', callbackURL: '/?verified=1' },
    ]);
  });
});
