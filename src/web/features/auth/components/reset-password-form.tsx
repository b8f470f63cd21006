import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '@/web/lib/toast';
import { PASSWORDS_DIFFER, signUpSchema } from '@/domain/account/account.schema';
import { signUpPasswordRules } from '@/domain/auth/password-rules';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { showFirstProblem, useSchemaForm } from '@/web/lib/form';
import { authErrorMessage } from './auth-errors';
import { PasswordStrength } from './password-strength';

const LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

/**
 * A new password takes the sign-up rules (signUpSchema's password) and a matching confirmation.
 * src/domain has no schema of better-auth's reset-password body, so this one is the form's own.
 */
const resetPasswordSchema = z
  .object({ password: signUpSchema.shape.password, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: PASSWORDS_DIFFER, path: ['confirm'] });

/** Password recovery: the emailed link lands here with a token; a new password ends every session. */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone(): void }) {
  const form = useSchemaForm(resetPasswordSchema, { password: '', confirm: '' });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const alert = errors.root?.message ?? (token ? null : LINK_INVALID);

  const reset = async ({ password: newPassword }: z.output<typeof resetPasswordSchema>) => {
    if (!token) return;
    const result = await authClient.resetPassword({ newPassword, token });
    if (result.error) {
      form.setError('root', { message: authErrorMessage(result.error, LINK_INVALID) });
      return;
    }
    toast.success('Password updated successfully', { description: 'Sign in with your new password.' });
    onDone();
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(reset, showFirstProblem(form))}
      noValidate
    >
      <h2 className="text-lg font-semibold">Choose a new password</h2>
      {alert && <FormAlert>{alert}</FormAlert>}
      <Field
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordStrength password={password} rules={signUpPasswordRules} />
      <Field
        id="reset-confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
      <Button type="submit" disabled={isSubmitting || !token}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
      <Button type="button" variant="link" className="self-center" onClick={onDone}>
        Back to sign in
      </Button>
    </form>
  );
}
