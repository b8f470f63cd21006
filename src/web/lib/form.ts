import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';

/**
 * The one form pattern (ADR 0039): react-hook-form, checked on submit with the zod schema the server
 * validates the same request with, so a form can never accept what the API refuses or the reverse.
 *
 * - Each field shows its own first problem under it (`Field`'s `error`), and the first field with a
 *   problem takes the focus. After a failed submit a field is checked again as it is edited.
 * - The submit handler gets the schema's output (trimmed, lower-cased, coerced), never raw input.
 * - A refusal from the server goes to `form.setError('root', refusal(error))`, shown in a `FormAlert`
 *   above the form (and a toast); what was typed stays, so nothing is lost. Forms that show the
 *   first problem in that alert too (sign-in, sign-up) pass `showFirstProblem(form)` as the second
 *   argument of `handleSubmit`.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: StandardSchemaV1<Input, Output>,
  defaultValues: DefaultValues<Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver' | 'defaultValues'> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: standardSchemaResolver(schema),
    defaultValues,
    ...options,
  });
}

/** What the server said when it refused a form, for its `FormAlert`. */
export function refusal(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The first problem of a failed check, in the schema's field order. */
export function firstProblem(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (error && typeof error.message === 'string' && error.message) return error.message;
  }
  return undefined;
}

/** `handleSubmit`'s invalid handler that also shows the first problem in the form's alert. */
export function showFirstProblem<Input extends FieldValues>(form: { setError: UseFormSetError<Input> }) {
  return (errors: FieldErrors<Input>) => {
    const message = firstProblem(errors);
    if (message) form.setError('root', { message });
  };
}
