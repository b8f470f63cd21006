import type { ComponentProps } from 'react';
import { Input, Label } from './input';
import { Select } from './select';
import { Switch } from './switch';

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

/** A labelled select over [value, text] pairs. */
export function SelectField<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [T, string])[];
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select
        id={props.id}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** A switch with its label to the right (a form's on/off field). */
export function SwitchField(props: {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-3">
      <Switch id={props.id} checked={props.checked} onCheckedChange={props.onCheckedChange} />
      <Label htmlFor={props.id}>{props.label}</Label>
    </div>
  );
}
