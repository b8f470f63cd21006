import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/web/lib/toast';
import { deleteAccountSchema } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { ApiKeysCard } from '@/web/features/developer';
import { api, unwrap } from '@/web/lib/api-client';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { broadcastSessionEvent } from '@/web/lib/session-events';
import { useSession } from '@/web/lib/session';
import { SecondFactorField } from './second-factor-field';

/** The delete dialog: enabled with a password and the acknowledgement; after success, 2 s, sign out, home. */
const REDIRECT_DELAY_MS = 2000;

type DeleteAccount = z.output<typeof deleteAccountSchema>;

const empty = { password: '', code: '' };

export function AccountTab() {
  const twoFactorEnabled = Boolean(useSession().user?.twoFactorEnabled);
  const [open, setOpen] = useState(false);
  // The acknowledgement only enables the button: it is not sent.
  const [acknowledged, setAcknowledged] = useState(false);
  const form = useSchemaForm(deleteAccountSchema, empty);
  const { errors } = form.formState;
  const [password, code] = useWatch({ control: form.control, name: ['password', 'code'] });

  const remove = useMutation({
    mutationFn: (input: DeleteAccount) => unwrap(api.account.delete.$post({ json: input })),
    onSuccess: () => {
      toast.success('Account deleted successfully. You will be redirected...');
      // A full load of the home page: nothing of the deleted account stays in memory, and no guarded
      // page gets the chance to send the user to sign in on the way out.
      setTimeout(() => {
        broadcastSessionEvent('SIGNED_OUT');
        window.location.assign('/');
      }, REDIRECT_DELAY_MS);
    },
    onError: (failure) => {
      form.setError('root', refusal(failure));
      toast.error('Failed to delete account', { description: failure.message });
    },
  });

  return (
    <div className="flex flex-col gap-6">
      <ApiKeysCard />
      <Card className="border-destructive/50">
        <CardHeader>
          <CardTitle>Delete account</CardTitle>
          <CardDescription>
            Your profile, preferences, alerts, sessions and the text of your comments are removed for good.
            This cannot be undone.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            Delete Account
          </Button>
          <Dialog
            open={open}
            onOpenChange={(next) => {
              if (remove.isPending || remove.isSuccess) return;
              setOpen(next);
              form.reset(empty);
              setAcknowledged(false);
            }}
          >
            <DialogContent
              title="Delete your account?"
              description="This permanently deletes your account and all of its data. Your comments will show as “Deleted member”, with their text removed."
            >
              <form
                className="flex flex-col gap-4"
                onSubmit={form.handleSubmit(
                  // Without two-factor sign-in no code is sent.
                  (input) => remove.mutate(twoFactorEnabled ? input : { password: input.password }),
                )}
                noValidate
              >
                {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
                <Field
                  id="delete-password"
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  error={errors.password?.message}
                  {...form.register('password')}
                />
                {twoFactorEnabled && (
                  <SecondFactorField
                    id="delete-code"
                    error={errors.code?.message}
                    {...form.register('code')}
                  />
                )}
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1 size-4"
                    checked={acknowledged}
                    onChange={(event) => setAcknowledged(event.target.checked)}
                  />
                  I understand that my account and data will be deleted permanently.
                </label>
                <Button
                  type="submit"
                  variant="destructive"
                  disabled={
                    !password ||
                    (twoFactorEnabled && !code?.trim()) ||
                    !acknowledged ||
                    remove.isPending ||
                    remove.isSuccess
                  }
                >
                  {remove.isPending ? 'Deleting...' : 'Delete my account'}
                </Button>
              </form>
            </DialogContent>
          </Dialog>
        </CardContent>
      </Card>
    </div>
  );
}
