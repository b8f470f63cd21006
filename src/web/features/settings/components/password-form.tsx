import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { changePasswordSchema } from '@/domain/account/account.schema';
import { passwordChangeRules } from '@/domain/auth/password-rules';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { PasswordStrength } from '@/web/features/auth';
import { api, unwrap } from '@/web/lib/api-client';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** SPEC §5 password change; beyond the spec the current password is verified and other sessions end. */
export function PasswordForm() {
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (input: typeof empty) => unwrap(api.account['change-password'].$post({ json: input })),
    onSuccess: () => {
      toast.success('Password updated successfully', { description: 'Your other sessions were signed out.' });
      setValues(empty);
    },
    onError: (failure) => {
      setError(failure.message);
      toast.error('Failed to update password', { description: failure.message });
    },
  });

  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    change.mutate(parsed.data);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
      <h3 id="password-heading" className="font-semibold">
        Change password
      </h3>
      {error && <FormAlert>{error}</FormAlert>}
      <Field
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
      />
      <Field
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
      />
      <PasswordStrength password={values.newPassword} rules={passwordChangeRules} />
      <Field
        id="confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <Button type="submit" className="self-start" disabled={change.isPending}>
        {change.isPending ? 'Updating...' : 'Update password'}
      </Button>
    </form>
  );
}
