import { useState, type ComponentProps } from 'react';
import { Input } from './input';

const shownAs = (value: number | undefined, format: (value: number) => string) =>
  value === undefined || Number.isNaN(value) ? '' : format(value);

/**
 * A number field for a form that holds numbers (react-hook-form's `Controller` field): it keeps the
 * text as typed ("0.70", "1.") while the form gets the number, NaN when blank or not a number, which
 * the form's schema refuses with its own message.
 */
export function NumberInput({
  value,
  onChange,
  format = String,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  value: number | undefined;
  onChange: (value: number) => void;
  /** How a number set by the form (its default, a reset) is written in the field. */
  format?: (value: number) => string;
}) {
  const [text, setText] = useState(() => shownAs(value, format));
  const [held, setHeld] = useState(value);
  // A value the form set (a reset) replaces the text; one this field sent keeps the text as typed.
  if (!Object.is(value, held)) {
    setHeld(value);
    setText(shownAs(value, format));
  }
  return (
    <Input
      type="number"
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        const number = typed.trim() === '' ? Number.NaN : Number(typed);
        setText(typed);
        setHeld(number);
        onChange(number);
      }}
      {...props}
    />
  );
}
