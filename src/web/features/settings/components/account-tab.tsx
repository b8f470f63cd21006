import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { ApiKeysCard } from '@/web/features/developer';
import { api, unwrap } from '@/web/lib/api-client';
import { broadcastSessionEvent } from '@/web/lib/session-events';
import { useSession } from '@/web/lib/session';
import { SecondFactorField } from './second-factor-field';

/** SPEC §4 delete dialog: enabled with a password and the acknowledgement; after success, 2 s, sign out, home. */
const REDIRECT_DELAY_MS = 2000;

export function AccountTab() {
  const twoFactorEnabled = Boolean(useSession().user?.twoFactorEnabled);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: (input: { password: string; code?: string | undefined }) =>
      unwrap(api.account.delete.$post({ json: input })),
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
      setError(failure.message);
      toast.error('Failed to delete account', { description: failure.message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    remove.mutate(twoFactorEnabled ? { password, code } : { password });
  };

  return (
    <div className="flex flex-col gap-6">
      <ApiKeysCard />
      <Card className="border-destructive/50">
        <CardHeader>
          <CardTitle>Delete account</CardTitle>
          <CardDescription>
            Your profile, preferences, alerts and sessions are removed for good. This cannot be undone.
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
              setPassword('');
              setCode('');
              setAcknowledged(false);
              setError(null);
            }}
          >
            <DialogContent
              title="Delete your account?"
              description="This permanently deletes your account and all of its data."
            >
              <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
                {error && <FormAlert>{error}</FormAlert>}
                <Field
                  id="delete-password"
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                {twoFactorEnabled && <SecondFactorField id="delete-code" value={code} onChange={setCode} />}
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
                    (twoFactorEnabled && !code) ||
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
