// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../../tests/support/render-app';
import { bodies, problemAt } from '../../../../../tests/support/forms';
import { ForgotPasswordForm } from './forgot-password-form';

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
const resetRequests = (requests: string[]) =>
  requests.filter((request) => request.includes('password-reset'));

describe('ForgotPasswordForm', () => {
  it('starts from the address of the sign-in form and checks it before sending anything', async () => {
    const view = renderApp(<ForgotPasswordForm initialEmail="ann@" onBack={vi.fn()} />);
    expect(email().value).toBe('ann@');
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect(problemAt(email())).toBe('Please enter a valid email address');
    expect(email().value).toBe('ann@');
    expect(resetRequests(view.requests)).toEqual([]);
  });

  it("shows the server's refusal in the alert and keeps the address", async () => {
    const view = renderApp(<ForgotPasswordForm initialEmail="" onBack={vi.fn()} />, {
      api: {
        'POST /api/auth/request-password-reset': {
          status: 429,
          body: { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Try again in 40 minutes.' },
        },
      },
    });
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 40 minutes.',
    );
    expect(resetRequests(view.requests)).toEqual(['POST /api/auth/request-password-reset']);
    expect(email().value).toBe('ann@example.com');
  });

  it('asks for the link and says it is on its way, to the address as typed', async () => {
    const sent = bodies();
    renderApp(<ForgotPasswordForm initialEmail="" onBack={vi.fn()} />, {
      api: {
        'POST /api/auth/request-password-reset': (request: Request) => {
          sent.record(request);
          return { status: true };
        },
      },
    });
    fireEvent.change(email(), { target: { value: ' Ann@Example.com ' } });
    send();
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account exists for Ann@Example.com, a link to reset its password is on its way. It is valid for one hour.',
    );
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
    expect(await sent.all()).toEqual([{ email: 'ann@example.com', redirectTo: '/auth?mode=reset' }]);
  });

  it('goes back to sign in', () => {
    const onBack = vi.fn();
    renderApp(<ForgotPasswordForm initialEmail="" onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
