import { useMutation } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/web/lib/toast';
import { disableTwoFactorSchema } from '@/domain/account/account.schema';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { api, unwrap } from '@/web/lib/api-client';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { emitSessionEvent } from '@/web/lib/session-events';
import { PasswordForm } from './password-form';
import { SecondFactorField } from './second-factor-field';
import { TwoFactorDialog } from './two-factor-dialog';

type DisableTwoFactor = z.output<typeof disableTwoFactorSchema>;

const noCredentials = { password: '', code: '' };

function DisableTwoFactorDialog({
  open,
  onOpenChange,
  onDisabled,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onDisabled(): void;
}) {
  const form = useSchemaForm(disableTwoFactorSchema, noCredentials);
  const { errors } = form.formState;
  const [password, code] = useWatch({ control: form.control, name: ['password', 'code'] });
  const disable = useMutation({
    mutationFn: (input: DisableTwoFactor) => unwrap(api.account['two-factor'].disable.$post({ json: input })),
    onSuccess: () => {
      toast.success('Two-factor authentication turned off');
      form.reset(noCredentials);
      onOpenChange(false);
      onDisabled();
    },
    onError: (failure) => form.setError('root', refusal(failure)),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Turn off two-factor authentication"
        description="Your password alone will then sign you in. Confirm with your password and a code from your authenticator app (or a backup code)."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((input) => disable.mutate(input))}
          noValidate
        >
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Field
            id="disable-two-factor-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <SecondFactorField
            id="disable-two-factor-code"
            error={errors.code?.message}
            {...form.register('code')}
          />
          <Button
            type="submit"
            variant="destructive"
            disabled={disable.isPending || !password || !code.trim()}
          >
            {disable.isPending ? 'Turning off...' : 'Turn off'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function SecurityTab() {
  const { user } = useSession();
  const refresh = () => emitSessionEvent('USER_UPDATED');
  const [enableOpen, setEnableOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const enabled = Boolean(user?.twoFactorEnabled);
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>Changing it signs you out everywhere else.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Two-factor authentication</CardTitle>
          <CardDescription>Ask for a code from your authenticator app when you sign in.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-4">
          <p className="flex items-center gap-2 text-sm font-medium" data-testid="two-factor-status">
            {enabled ? (
              <ShieldCheck className="size-5 text-emerald-600" aria-hidden="true" />
            ) : (
              <ShieldOff className="size-5 text-muted-foreground" aria-hidden="true" />
            )}
            {enabled ? 'Enabled' : 'Not enabled'}
          </p>
          {enabled ? (
            <Button variant="outline" onClick={() => setDisableOpen(true)}>
              Disable 2FA
            </Button>
          ) : (
            <Button onClick={() => setEnableOpen(true)}>Enable 2FA</Button>
          )}
        </CardContent>
      </Card>
      <TwoFactorDialog open={enableOpen} onOpenChange={setEnableOpen} onEnabled={refresh} />
      <DisableTwoFactorDialog open={disableOpen} onOpenChange={setDisableOpen} onDisabled={refresh} />
    </div>
  );
}
