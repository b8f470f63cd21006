import { useState } from 'react';
import type { z } from 'zod';

/**
 * A form's values checked with the zod schema the server validates with: each field shows its first
 * problem until it is edited again.
 */
export function useCheckedForm<S extends z.ZodType<object, object>>(schema: S, initial: z.input<S>) {
  type Input = z.input<S>;
  const [form, setForm] = useState<Input>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Input, string>>>({});
  const set = <K extends keyof Input>(field: K, value: Input[K]) => {
    setForm((current) => ({ ...(current as object), [field]: value }) as Input);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  /** The parsed value, or null with the problems shown. */
  const check = (): z.output<S> | null => {
    const parsed = schema.safeParse(form);
    if (parsed.success) return parsed.data;
    const found: Partial<Record<keyof Input, string>> = {};
    for (const issue of parsed.error.issues) found[issue.path[0] as keyof Input] ??= issue.message;
    setErrors(found);
    return null;
  };
  return { form, setForm, errors, set, check };
}
