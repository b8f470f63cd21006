import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { Copy } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import { isCompleteTwoFactorCode, sanitizeTwoFactorInput } from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { copyToClipboard } from '@/web/lib/clipboard';

type Step =
  | { kind: 'password' }
  | { kind: 'setup' | 'verify'; uri: string; secret: string; backupCodes: string[] }
  | { kind: 'backup'; backupCodes: string[] };

const copy = copyToClipboard;

/** SPEC §4 two-factor dialog: setup (QR shown) → verify (6-digit code) → enabled; then the backup codes, once. */
export function TwoFactorDialog({
  open,
  onOpenChange,
  onEnabled,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onEnabled(): void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uri = step.kind === 'setup' || step.kind === 'verify' ? step.uri : null;

  useEffect(() => {
    if (!uri) return;
    let live = true;
    void QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [uri]);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setStep({ kind: 'password' });
      setPassword('');
      setCode('');
      setQr(null);
      setError(null);
    }
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await authClient.twoFactor.enable({ password, method: 'totp' });
    setBusy(false);
    if (result.error || result.data?.method !== 'totp') {
      const wrongPassword = result.error?.status === 400 || result.error?.code === 'INVALID_PASSWORD';
      if (wrongPassword) {
        setError('Incorrect password');
        return;
      }
      toast.error('Failed to setup 2FA');
      close(false);
      return;
    }
    const { totpURI, backupCodes } = result.data as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    setError(null);
    setStep({ kind: 'setup', uri: totpURI, secret, backupCodes });
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'verify' || !isCompleteTwoFactorCode(code)) return;
    setBusy(true);
    const result = await authClient.twoFactor.verifyTotp({ code });
    setBusy(false);
    if (result.error) {
      setError('Invalid verification code');
      toast.error('Invalid verification code');
      return;
    }
    toast.success('Two-factor authentication enabled successfully!');
    onEnabled();
    setStep({ kind: 'backup', backupCodes: step.backupCodes });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Two-factor authentication"
        description="Protect your account with a code from an authenticator app."
      >
        {error && <FormAlert>{error}</FormAlert>}
        {step.kind === 'password' && (
          <form className="flex flex-col gap-4" onSubmit={(event) => void start(event)} noValidate>
            <Field
              id="two-factor-password"
              label="Confirm your password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button type="submit" disabled={busy || !password}>
              {busy ? 'Setting up...' : 'Continue'}
            </Button>
          </form>
        )}
        {step.kind === 'setup' && (
          <div className="flex flex-col items-center gap-4">
            <p className="text-sm">
              Scan this QR code with your authenticator app, or enter the secret by hand.
            </p>
            {qr ? (
              <img src={qr} alt="QR code for your authenticator app" width={200} height={200} />
            ) : (
              <div className="size-[200px] animate-pulse rounded bg-muted" />
            )}
            <div className="flex w-full items-center gap-2">
              <code
                className="flex-1 break-all rounded bg-muted px-2 py-1 text-sm"
                data-testid="two-factor-secret"
              >
                {step.secret}
              </code>
              <Button
                variant="outline"
                size="icon"
                aria-label="Copy secret"
                onClick={() => void copy(step.secret)}
              >
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <Button className="w-full" onClick={() => setStep({ ...step, kind: 'verify' })}>
              Next
            </Button>
          </div>
        )}
        {step.kind === 'verify' && (
          <form className="flex flex-col gap-4" onSubmit={(event) => void verify(event)} noValidate>
            <Field
              id="two-factor-verify"
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={(event) => setCode(sanitizeTwoFactorInput(event.target.value))}
            />
            <Button type="submit" disabled={busy || !isCompleteTwoFactorCode(code)}>
              {busy ? 'Verifying...' : 'Enable'}
            </Button>
          </form>
        )}
        {step.kind === 'backup' && (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              Save these backup codes somewhere safe. Each signs you in once if you lose your phone. They will
              not be shown again.
            </p>
            <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="backup-codes">
              {step.backupCodes.map((backup) => (
                <li key={backup} className="rounded bg-muted px-2 py-1">
                  {backup}
                </li>
              ))}
            </ul>
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => void copy(step.backupCodes.join('\n'))}>
                <Copy aria-hidden="true" /> Copy codes
              </Button>
              <Button onClick={() => close(false)}>Done</Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
