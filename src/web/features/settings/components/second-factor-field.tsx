import { Field } from '@/web/components/ui/field';

/**
 * With two-factor sign-in on, a sensitive change (email, deletion) also takes a code: the server
 * refuses it without one. A 6-digit code from the app, or one of the backup codes.
 */
export function SecondFactorField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      id={id}
      label="Two-factor code"
      inputMode="text"
      autoComplete="one-time-code"
      hint="The 6-digit code from your authenticator app, or one of your backup codes."
      value={value}
      onChange={(event) => onChange(event.target.value.trim())}
    />
  );
}
