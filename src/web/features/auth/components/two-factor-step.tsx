import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '@/web/lib/toast';
import { isCompleteTwoFactorCode, sanitizeTwoFactorInput } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { showFirstProblem, useSchemaForm } from '@/web/lib/form';
import { authErrorMessage } from './auth-errors';

/**
 * The code of the second step: 6 digits from the app, or a backup code (checked by the server only).
 * src/domain has no schema of better-auth's verify-totp / verify-backup-code bodies.
 */
const twoFactorStepSchema = z.discriminatedUnion('backup', [
  z.object({
    backup: z.literal(false),
    code: z.string().refine(isCompleteTwoFactorCode, 'Enter the 6-digit code from your authenticator app'),
  }),
  z.object({ backup: z.literal(true), code: z.string().trim() }),
]);

/** The second step of signing in with 2FA on: a 6-digit code from the app, or a backup code. */
export function TwoFactorStep({ onSignedIn, onCancel }: { onSignedIn(): Promise<void>; onCancel(): void }) {
  const form = useSchemaForm(twoFactorStepSchema, { backup: false, code: '' });
  const { errors, isSubmitting } = form.formState;
  const backup = useWatch({ control: form.control, name: 'backup' });

  const verify = async (input: z.output<typeof twoFactorStepSchema>) => {
    const result = input.backup
      ? await authClient.twoFactor.verifyBackupCode({ code: input.code })
      : await authClient.twoFactor.verifyTotp({ code: input.code });
    if (result.error) {
      const message = authErrorMessage(result.error, 'Invalid verification code');
      form.setError('root', { message });
      toast.error('Sign in failed', { description: message });
      return;
    }
    await onSignedIn();
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(verify, showFirstProblem(form))}
      noValidate
    >
      <h2 className="text-lg font-semibold">Two-factor authentication</h2>
      <p className="text-sm text-muted-foreground">
        {backup
          ? 'Enter one of your backup codes. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState }) => (
          <Field
            id="two-factor-code"
            label={backup ? 'Backup code' : 'Verification code'}
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoFocus
            error={fieldState.error?.message}
            {...field}
            onChange={(event) =>
              field.onChange(backup ? event.target.value : sanitizeTwoFactorInput(event.target.value))
            }
          />
        )}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex justify-between">
        <Button type="button" variant="link" onClick={() => form.reset({ backup: !backup, code: '' })}>
          {backup ? 'Use an authenticator code' : 'Use a backup code'}
        </Button>
        <Button type="button" variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
