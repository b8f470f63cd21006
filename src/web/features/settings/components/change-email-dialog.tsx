import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { changeEmailSchema, EMAIL_UNCHANGED } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { api, unwrap } from '@/web/lib/api-client';
import { SecondFactorField } from './second-factor-field';

/**
 * SPEC §5 email change: a valid, different address and the correct password (and the two-factor code
 * when it is on). The new address confirms first; the current one gets a link that cancels the change.
 */
export function ChangeEmailDialog({
  currentEmail,
  twoFactorEnabled,
}: {
  currentEmail: string;
  twoFactorEnabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: (input: { newEmail: string; password: string; code?: string | undefined }) =>
      unwrap(api.account['change-email'].$post({ json: input })),
    onSuccess: () => {
      toast.success('Verification emails sent! Please check both your old and new email addresses.');
      setOpen(false);
      setNewEmail('');
      setPassword('');
      setCode('');
    },
    onError: (failure) => {
      setError(failure.message);
      toast.error('Failed to change email', { description: failure.message });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changeEmailSchema.safeParse({ newEmail, password, ...(twoFactorEnabled ? { code } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    if (parsed.data.newEmail === currentEmail.toLowerCase()) {
      setError(EMAIL_UNCHANGED);
      return;
    }
    setError(null);
    change.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Change</Button>
      </DialogTrigger>
      <DialogContent
        title="Change email address"
        description="We will send a link to the new address; your email changes once you confirm it there. Your current address gets a link that cancels the change."
      >
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          {error && <FormAlert>{error}</FormAlert>}
          <Field
            id="new-email"
            label="New email"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
          <Field
            id="change-email-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {twoFactorEnabled && <SecondFactorField id="change-email-code" value={code} onChange={setCode} />}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Sending...' : 'Send verification'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
