import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { PASSWORDS_DIFFER } from '@/domain/account/account.schema';
import { firstPasswordError, signUpPasswordRules } from '@/domain/auth/password-rules';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { authErrorMessage } from './auth-errors';
import { PasswordStrength } from './password-strength';

/** SPEC PASSWORD_RECOVERY: the emailed link lands here with a token; a new password ends every session. */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone(): void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(
    token ? null : 'This reset link is invalid or has expired. Ask for a new one.',
  );
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      firstPasswordError(password, signUpPasswordRules) ?? (password !== confirm ? PASSWORDS_DIFFER : null);
    if (problem || !token) {
      setError(problem ?? 'This reset link is invalid or has expired. Ask for a new one.');
      return;
    }
    setSubmitting(true);
    const result = await authClient.resetPassword({ newPassword: password, token });
    setSubmitting(false);
    if (result.error) {
      setError(
        authErrorMessage(result.error, 'This reset link is invalid or has expired. Ask for a new one.'),
      );
      return;
    }
    toast.success('Password updated successfully', { description: 'Sign in with your new password.' });
    onDone();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2 className="text-lg font-semibold">Choose a new password</h2>
      {error && <FormAlert>{error}</FormAlert>}
      <Field
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordStrength password={password} rules={signUpPasswordRules} />
      <Field
        id="reset-confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      <Button type="submit" disabled={submitting || !token}>
        {submitting ? 'Saving...' : 'Set new password'}
      </Button>
      <Button type="button" variant="link" className="self-center" onClick={onDone}>
        Back to sign in
      </Button>
    </form>
  );
}
