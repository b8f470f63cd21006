import type { z } from 'zod';
import { toast } from '@/web/lib/toast';
import { signInSchema } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { showFirstProblem, useSchemaForm } from '@/web/lib/form';
import { authErrorMessage } from './auth-errors';
import { resendVerificationEmail } from './resend-verification';

/** The refusal's type in the form's errors when the address is not verified yet (offers a new link). */
const NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

interface SignInFormProps {
  /** Called once a session exists (after the password, or after the 2FA code). */
  onSignedIn(): Promise<void>;
  onTwoFactorRequired(): void;
  onForgotPassword(email: string): void;
}

/** Sign-in: a problem or a refusal is shown in the alert above the form (and a toast). */
export function SignInForm({ onSignedIn, onTwoFactorRequired, onForgotPassword }: SignInFormProps) {
  const form = useSchemaForm(signInSchema, { email: '', password: '' });
  const { errors, isSubmitting } = form.formState;

  const signIn = async (input: z.output<typeof signInSchema>) => {
    const result = await authClient.signIn.email(input);
    if (result.error) {
      const notVerified = result.error.code === NOT_VERIFIED;
      const message = notVerified
        ? 'Please verify your email address before signing in. Check your inbox for the link we sent.'
        : authErrorMessage(result.error, 'Invalid email or password');
      form.setError('root', { type: notVerified ? NOT_VERIFIED : 'server', message });
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
    <form
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(signIn, showFirstProblem(form))}
      noValidate
    >
      {errors.root && (
        <FormAlert>
          <span>{errors.root.message}</span>
          {errors.root.type === NOT_VERIFIED && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => void resendVerificationEmail(form.getValues('email'))}
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
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button
        type="button"
        variant="link"
        className="self-center"
        onClick={() => onForgotPassword(form.getValues('email'))}
      >
        Forgot your password?
      </Button>
    </form>
  );
}
