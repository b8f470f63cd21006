import type { ComponentProps } from 'react';
import { Input, Label } from './input';

/** A labelled input with its error message wired up for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  ...props
}: ComponentProps<typeof Input> & { id: string; label: string; error?: string | null; hint?: string }) {
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
