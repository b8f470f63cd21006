import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { signInSchema } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { authErrorMessage } from './auth-errors';
import { resendVerificationEmail } from './resend-verification';

interface SignInFormProps {
  /** Called once a session exists (after the password, or after the 2FA code). */
  onSignedIn(): Promise<void>;
  onTwoFactorRequired(): void;
  onForgotPassword(email: string): void;
}

export function SignInForm({ onSignedIn, onTwoFactorRequired, onForgotPassword }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setUnverified(false);
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setSubmitting(true);
    const result = await authClient.signIn.email(parsed.data);
    setSubmitting(false);
    if (result.error) {
      const notVerified = result.error.code === 'EMAIL_NOT_VERIFIED';
      const message = notVerified
        ? 'Please verify your email address before signing in. Check your inbox for the link we sent.'
        : authErrorMessage(result.error, 'Invalid email or password');
      setUnverified(notVerified);
      setError(message);
      toast.error('Sign in failed', { description: message });
      return;
    }
    if (result.data && 'twoFactorRedirect' in result.data && result.data.twoFactorRedirect) {
      onTwoFactorRequired();
      return;
    }
    await onSignedIn();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      {error && (
        <FormAlert>
          <span>{error}</span>
          {unverified && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => void resendVerificationEmail(email)}
            >
              Resend verification email
            </Button>
          )}
        </FormAlert>
      )}
      <Field
        id="signin-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button type="button" variant="link" className="self-center" onClick={() => onForgotPassword(email)}>
        Forgot your password?
      </Button>
    </form>
  );
}
