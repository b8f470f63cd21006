import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Copy } from 'lucide-react';
import { z } from 'zod';
import { toast } from '@/web/lib/toast';
import {
  isCompleteTwoFactorCode,
  PASSWORD_INCORRECT,
  sanitizeTwoFactorInput,
  signInSchema,
  TWO_FACTOR_CODE_INVALID,
} from '@/domain/account/account.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { authClient } from '@/web/lib/auth-client';
import { copyToClipboard } from '@/web/lib/clipboard';
import { useSchemaForm } from '@/web/lib/form';

interface Setup {
  uri: string;
  secret: string;
  backupCodes: string[];
}

type Step =
  { kind: 'password' } | ({ kind: 'setup' | 'verify' } & Setup) | { kind: 'backup'; backupCodes: string[] };

const copy = copyToClipboard;

/**
 * better-auth checks the password itself (no route of ours validates it): the sign-in rule, a
 * password typed at all.
 */
const passwordSchema = signInSchema.pick({ password: true });

/** Enable needs exactly 6 digits (the field keeps digits only). */
const verifySchema = z.object({
  code: z.string().refine(isCompleteTwoFactorCode, 'Enter the 6-digit code from your authenticator app'),
});

/** The first step: the password starts the setup, and better-auth answers with the secret. */
function PasswordStep({ onSetup, onFailed }: { onSetup(setup: Setup): void; onFailed(): void }) {
  const form = useSchemaForm(passwordSchema, { password: '' });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const start = async (input: z.output<typeof passwordSchema>) => {
    const result = await authClient.twoFactor.enable({ password: input.password, method: 'totp' });
    if (result.error || result.data?.method !== 'totp') {
      const wrongPassword = result.error?.status === 400 || result.error?.code === 'INVALID_PASSWORD';
      if (wrongPassword) {
        form.setError('root', { message: PASSWORD_INCORRECT });
        return;
      }
      // The server is too busy to check the password now: say so and when to retry, keeping it typed.
      if (result.error?.status === 503) {
        form.setError('root', { message: result.error.message || 'Busy — try again shortly' });
        return;
      }
      toast.error('Failed to setup 2FA');
      onFailed();
      return;
    }
    const { totpURI, backupCodes } = result.data as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    onSetup({ uri: totpURI, secret, backupCodes });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(start)} noValidate>
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Field
        id="two-factor-password"
        label="Confirm your password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={isSubmitting || !password}>
        {isSubmitting ? 'Setting up...' : 'Continue'}
      </Button>
    </form>
  );
}

const VERIFY_TOAST = 'two-factor-verify';

/** The code from the app proves it holds the secret; only then is two-factor sign-in on. */
function VerifyStep({ onVerified }: { onVerified(): void }) {
  const form = useSchemaForm(verifySchema, { code: '' });
  const { errors, isSubmitting } = form.formState;
  const code = useWatch({ control: form.control, name: 'code' });

  const verify = async (input: z.output<typeof verifySchema>) => {
    const result = await authClient.twoFactor.verifyTotp({ code: input.code });
    if (result.error) {
      form.setError('root', { message: TWO_FACTOR_CODE_INVALID });
      toast.error('Invalid verification code', { id: VERIFY_TOAST });
      return;
    }
    // The same toast: the right code replaces the wrong one's error rather than showing beside it.
    toast.success('Two-factor authentication enabled successfully!', { id: VERIFY_TOAST });
    onVerified();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(verify)} noValidate>
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState }) => (
          <Field
            id="two-factor-verify"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            error={fieldState.error?.message}
            {...field}
            onChange={(event) => {
              // A new code is a new attempt: the last one's error goes.
              if (errors.root) form.clearErrors('root');
              field.onChange(sanitizeTwoFactorInput(event.target.value));
            }}
          />
        )}
      />
      <Button type="submit" disabled={isSubmitting || !isCompleteTwoFactorCode(code)}>
        {isSubmitting ? 'Verifying...' : 'Enable'}
      </Button>
    </form>
  );
}

/** The two-factor dialog: setup (QR shown) → verify (6-digit code) → enabled; then the backup codes, once. */
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
  const [qr, setQr] = useState<string | null>(null);
  const uri = step.kind === 'setup' || step.kind === 'verify' ? step.uri : null;

  useEffect(() => {
    if (!uri) return;
    let live = true;
    void QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [uri]);

  // The steps' forms leave with the dialog's content, so each opening starts empty.
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setStep({ kind: 'password' });
      setQr(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Two-factor authentication"
        description="Protect your account with a code from an authenticator app."
      >
        {step.kind === 'password' && (
          <PasswordStep
            onSetup={(setup) => setStep({ kind: 'setup', ...setup })}
            onFailed={() => close(false)}
          />
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
          <VerifyStep
            onVerified={() => {
              onEnabled();
              setStep({ kind: 'backup', backupCodes: step.backupCodes });
            }}
          />
        )}
        {step.kind === 'backup' && (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              Save these backup codes somewhere safe. Each signs you in once if you lose your phone. They will
              not be shown again.
            </p>
            {/* One column on phones: a 23-character code fits a line there only if it has the width. */}
            <ul
              className="grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2"
              data-testid="backup-codes"
            >
              {step.backupCodes.map((backup) => (
                <li key={backup} className="whitespace-nowrap rounded bg-muted px-2 py-1 font-mono">
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
