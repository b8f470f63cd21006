import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { signUpSchema, type SignUp } from '@/domain/account/account.schema';
import { firstPasswordError, signUpPasswordRules } from '@/domain/auth/password-rules';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { showFirstProblem, useSchemaForm } from '@/web/lib/form';
import { authErrorMessage } from './auth-errors';
import { PasswordStrength } from './password-strength';
import { resendVerificationEmail } from './resend-verification';

/** Sign-up: the password rules checked live and on submit; the first failing message is shown. */
export function SignUpForm() {
  const form = useSchemaForm(signUpSchema, { fullName: '', email: '', password: '' });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Live: the first password rule not yet met, as the user types; after a submit, its first problem
  // (or the server's refusal) until the next edit.
  const liveMessage = password ? firstPasswordError(password, signUpPasswordRules) : null;
  const alert = errors.root?.message ?? liveMessage;
  const field = (name: keyof SignUp) => form.register(name, { onChange: () => form.clearErrors('root') });

  const signUp = async (input: SignUp) => {
    const result = await authClient.signUp.email({
      name: input.fullName,
      email: input.email,
      password: input.password,
      callbackURL: '/?verified=1',
    });
    if (result.error) {
      const message = authErrorMessage(result.error, 'Could not create the account');
      form.setError('root', { message });
      toast.error('Sign up failed', { description: message });
      return;
    }
    toast.success('Account created!', { description: 'Please check your email to verify your account.' });
    setSentTo(input.email);
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
    <form
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(signUp, showFirstProblem(form))}
      noValidate
    >
      {alert && <FormAlert>{alert}</FormAlert>}
      <Field
        id="signup-name"
        label="Full name"
        autoComplete="name"
        required
        error={errors.fullName?.message}
        {...field('fullName')}
      />
      <Field
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...field('email')}
      />
      <Field
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...field('password')}
      />
      <PasswordStrength password={password} rules={signUpPasswordRules} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
