import { watchedAccountInputSchema, type WatchedAccountInput } from '@/domain/portfolio/portfolio.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { ApiError } from '@/web/lib/api-client';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useAddAccount } from '../api/portfolio';

/** "address: No account exists…" (the router's wording) → the field and its message. */
function fieldOfRefusal(error: unknown): { field: 'address' | 'label'; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const match = /^(address|label): (.*)$/s.exec(error.message);
  if (match) return { field: match[1] as 'address' | 'label', message: match[2]! };
  // The ledger's answer ("no account at this address") is about the address.
  return { field: 'address', message: error.message };
}

/**
 * Watch an account: an address (classic or X-address, checked with the ledger's own codec here, and
 * on the ledger by the server) and a name. Nothing else is asked: no secret, no seed.
 */
export function AddAccountForm() {
  const add = useAddAccount();
  const form = useSchemaForm(watchedAccountInputSchema, {
    address: '',
    label: '',
  } satisfies WatchedAccountInput);
  const { errors } = form.formState;
  // The schema's output is the decoded address; the API takes the address as typed and decodes it.
  const submit = form.handleSubmit(({ label }) =>
    add.mutate(
      { address: form.getValues('address').trim(), label },
      {
        onSuccess: () => form.reset(),
        // The hook's toast says so too.
        onError: (failure) => {
          const atField = fieldOfRefusal(failure);
          if (atField) form.setError(atField.field, { message: atField.message }, { shouldFocus: true });
          else form.setError('root', refusal(failure));
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Watch an account" className="flex flex-col gap-4">
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field
          id="watch-address"
          label="XRP Ledger address"
          placeholder="r… or X…"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className="font-mono"
          hint="A classic address (r…) or an X-address. Public information only."
          error={errors.address?.message}
          {...form.register('address')}
        />
        <Field
          id="watch-label"
          label="Name"
          placeholder="e.g. Cold wallet"
          maxLength={60}
          error={errors.label?.message}
          {...form.register('label')}
        />
      </div>
      <Button type="submit" disabled={add.isPending} className="self-start">
        {add.isPending ? 'Checking the ledger...' : 'Watch Account'}
      </Button>
    </form>
  );
}
