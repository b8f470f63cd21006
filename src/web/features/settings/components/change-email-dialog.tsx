import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { toast } from '@/web/lib/toast';
import { changeEmailSchema, EMAIL_UNCHANGED } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { api, unwrap } from '@/web/lib/api-client';
import { refusal, showFirstProblem, useSchemaForm } from '@/web/lib/form';
import { SecondFactorField } from './second-factor-field';

type ChangeEmail = z.output<typeof changeEmailSchema>;

const empty = { newEmail: '', password: '', code: '' };

/**
 * Email change: a valid, different address and the correct password (and the two-factor code
 * when it is on). The new address confirms first; the current one gets a link that cancels the change.
 * The first problem also shows in the dialog's alert.
 */
export function ChangeEmailDialog({
  currentEmail,
  twoFactorEnabled,
}: {
  currentEmail: string;
  twoFactorEnabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  // The server refuses the address the account already has, too (email-change.service.ts).
  const schema = useMemo(
    () =>
      changeEmailSchema.refine((input) => input.newEmail !== currentEmail.toLowerCase(), {
        message: EMAIL_UNCHANGED,
        path: ['newEmail'],
      }),
    [currentEmail],
  );
  const form = useSchemaForm(schema, empty);
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: (input: ChangeEmail) => unwrap(api.account['change-email'].$post({ json: input })),
    onSuccess: () => {
      toast.success('Verification emails sent! Please check both your old and new email addresses.');
      setOpen(false);
      form.reset(empty);
    },
    onError: (failure) => {
      form.setError('root', refusal(failure));
      toast.error('Failed to change email', { description: failure.message });
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // What was typed stays for the next opening; the old complaints do not.
        form.clearErrors();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Change</Button>
      </DialogTrigger>
      <DialogContent
        title="Change email address"
        description="We will send a link to the new address; your email changes once you confirm it there. Your current address gets a link that cancels the change."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit(
            // Without two-factor sign-in no code is sent.
            ({ code, ...input }) => change.mutate(twoFactorEnabled ? { ...input, code } : input),
            showFirstProblem(form),
          )}
          noValidate
        >
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Field
            id="new-email"
            label="New email"
            type="email"
            autoComplete="email"
            error={errors.newEmail?.message}
            {...form.register('newEmail')}
          />
          <Field
            id="change-email-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          {twoFactorEnabled && (
            <SecondFactorField
              id="change-email-code"
              error={errors.code?.message}
              {...form.register('code')}
            />
          )}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Sending...' : 'Send verification'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
