import { useState } from 'react';
import { z } from 'zod';
import { emailAddressSchema } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { showFirstProblem, useSchemaForm } from '@/web/lib/form';
import { authErrorMessage } from './auth-errors';

/** better-auth's request-password-reset body as this form fills it (src/domain has no schema of it). */
const forgotPasswordSchema = z.object({ email: emailAddressSchema });

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const form = useSchemaForm(forgotPasswordSchema, { email: initialEmail });
  const { errors, isSubmitting } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const requestLink = async ({ email }: z.output<typeof forgotPasswordSchema>) => {
    const result = await authClient.requestPasswordReset({ email, redirectTo: '/auth?mode=reset' });
    if (result.error) {
      form.setError('root', {
        message: authErrorMessage(result.error, 'Could not send the reset email. Please try again.'),
      });
      return;
    }
    // The address as it was typed.
    setSentTo(form.getValues('email').trim());
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(requestLink, showFirstProblem(form))}
      noValidate
    >
      <h2 className="text-lg font-semibold">Reset your password</h2>
      {sentTo ? (
        <FormAlert tone="success">
          If an account exists for {sentTo}, a link to reset its password is on its way. It is valid for one
          hour.
        </FormAlert>
      ) : (
        <>
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Field
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </>
      )}
      <Button type="button" variant="link" className="self-center" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
