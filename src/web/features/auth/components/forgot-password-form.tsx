import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { EMAIL_INVALID } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { authErrorMessage } from './auth-errors';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = z.email(EMAIL_INVALID).safeParse(email.trim());
    if (!parsed.success) {
      setError(EMAIL_INVALID);
      return;
    }
    setSubmitting(true);
    const result = await authClient.requestPasswordReset({
      email: parsed.data,
      redirectTo: '/auth?mode=reset',
    });
    setSubmitting(false);
    if (result.error) {
      setError(authErrorMessage(result.error, 'Could not send the reset email. Please try again.'));
      return;
    }
    setError(null);
    setSent(true);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2 className="text-lg font-semibold">Reset your password</h2>
      {sent ? (
        <FormAlert tone="success">
          If an account exists for {email.trim()}, a link to reset its password is on its way. It is valid for
          one hour.
        </FormAlert>
      ) : (
        <>
          {error && <FormAlert>{error}</FormAlert>}
          <Field
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </>
      )}
      <Button type="button" variant="link" className="self-center" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
