import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { signUpSchema } from '@/domain/account/account.schema';
import { firstPasswordError, signUpPasswordRules } from '@/domain/auth/password-rules';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { authErrorMessage } from './auth-errors';
import { PasswordStrength } from './password-strength';
import { resendVerificationEmail } from './resend-verification';

/** SPEC §2/§5 sign-up: rules checked live and on submit; the first failing message is shown. */
export function SignUpForm() {
  const [values, setValues] = useState({ fullName: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const check = signUpSchema.safeParse(values);
  // Live: the first password rule not yet met, as the user types; on submit: the first problem of the form.
  const liveMessage = values.password ? firstPasswordError(values.password, signUpPasswordRules) : null;
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setSubmitting(true);
    const result = await authClient.signUp.email({
      name: check.data.fullName,
      email: check.data.email,
      password: check.data.password,
      callbackURL: '/?verified=1',
    });
    setSubmitting(false);
    if (result.error) {
      const message = authErrorMessage(result.error, 'Could not create the account');
      setError(message);
      toast.error('Sign up failed', { description: message });
      return;
    }
    toast.success('Account created!', { description: 'Please check your email to verify your account.' });
    setSentTo(check.data.email);
  };

  if (sentTo) {
    return (
      <FormAlert tone="success">
        <strong>Check your email</strong>
        <span>
          We sent a verification link to {sentTo}. Open it to finish creating your account; it is valid for
          one hour.
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void resendVerificationEmail(sentTo)}
        >
          Resend verification email
        </Button>
      </FormAlert>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      {(error ?? liveMessage) && <FormAlert>{error ?? liveMessage}</FormAlert>}
      <Field
        id="signup-name"
        label="Full name"
        autoComplete="name"
        required
        value={values.fullName}
        onChange={set('fullName')}
      />
      <Field
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
      />
      <Field
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
      />
      <PasswordStrength password={values.password} rules={signUpPasswordRules} />
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
