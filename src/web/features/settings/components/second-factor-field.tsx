import type { ComponentProps } from 'react';
import { Field } from '@/web/components/ui/field';

/**
 * With two-factor sign-in on, a sensitive change (email, deletion) also takes a code: the server
 * refuses it without one. A 6-digit code from the app, or one of the backup codes. Takes what
 * `Field` takes but the label and hint, so `{...form.register('code')}` fits it; the schema trims.
 */
export function SecondFactorField(props: Omit<ComponentProps<typeof Field>, 'label' | 'hint'>) {
  return (
    <Field
      label="Two-factor code"
      inputMode="text"
      autoComplete="one-time-code"
      hint="The 6-digit code from your authenticator app, or one of your backup codes."
      {...props}
    />
  );
}
