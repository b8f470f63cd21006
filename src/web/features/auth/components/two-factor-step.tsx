import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { isCompleteTwoFactorCode, sanitizeTwoFactorInput } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { authErrorMessage } from './auth-errors';

/** The second step of signing in with 2FA on: a 6-digit code from the app, or a backup code. */
export function TwoFactorStep({ onSignedIn, onCancel }: { onSignedIn(): Promise<void>; onCancel(): void }) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!useBackup && !isCompleteTwoFactorCode(code)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setSubmitting(true);
    const result = useBackup
      ? await authClient.twoFactor.verifyBackupCode({ code: code.trim() })
      : await authClient.twoFactor.verifyTotp({ code });
    setSubmitting(false);
    if (result.error) {
      const message = authErrorMessage(result.error, 'Invalid verification code');
      setError(message);
      toast.error('Sign in failed', { description: message });
      return;
    }
    await onSignedIn();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2 className="text-lg font-semibold">Two-factor authentication</h2>
      <p className="text-sm text-muted-foreground">
        {useBackup
          ? 'Enter one of your backup codes. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      <Field
        id="two-factor-code"
        label={useBackup ? 'Backup code' : 'Verification code'}
        inputMode={useBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) =>
          setCode(useBackup ? event.target.value : sanitizeTwoFactorInput(event.target.value))
        }
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex justify-between">
        <Button
          type="button"
          variant="link"
          onClick={() => {
            setUseBackup(!useBackup);
            setCode('');
            setError(null);
          }}
        >
          {useBackup ? 'Use an authenticator code' : 'Use a backup code'}
        </Button>
        <Button type="button" variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
