import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { changePasswordSchema, type ChangePassword } from '@/domain/account/account.schema';
import { passwordChangeRules } from '@/domain/auth/password-rules';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { PasswordStrength } from '@/web/features/auth';
import { api, unwrap } from '@/web/lib/api-client';
import { refusal, showFirstProblem, useSchemaForm } from '@/web/lib/form';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Password change: its rules and a matching confirmation; the current password is verified and other
 * sessions end.
 */
export function PasswordForm() {
  const form = useSchemaForm(changePasswordSchema, empty);
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const change = useMutation({
    mutationFn: (input: ChangePassword) => unwrap(api.account['change-password'].$post({ json: input })),
    onSuccess: () => {
      toast.success('Password updated successfully', { description: 'Your other sessions were signed out.' });
      form.reset(empty);
    },
    onError: (failure) => {
      form.setError('root', refusal(failure));
      toast.error('Failed to update password', { description: failure.message });
    },
  });

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((input) => change.mutate(input), showFirstProblem(form))}
      noValidate
      aria-labelledby="password-heading"
    >
      <h3 id="password-heading" className="font-semibold">
        Change password
      </h3>
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Field
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <Field
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <PasswordStrength password={newPassword} rules={passwordChangeRules} />
      <Field
        id="confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="self-start" disabled={change.isPending}>
        {change.isPending ? 'Updating...' : 'Update password'}
      </Button>
    </form>
  );
}
