import { useState } from 'react';
import { lotInputSchema, type LotInput, type LotView } from '@/domain/portfolio/portfolio.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useDates } from '@/web/lib/preferences';
import { useCreateLot, useUpdateLot } from '../api/portfolio';

const emptyLot = { amountXrp: '', acquiredOn: '', costUsdPerXrp: '', note: '' } satisfies LotInput;

/** A lot as its form starts: the stored one to edit, or an empty one to add. */
const defaultsOf = (lot: LotView | undefined): LotInput =>
  lot
    ? {
        amountXrp: lot.amountXrp,
        acquiredOn: lot.acquiredOn ?? '',
        costUsdPerXrp: lot.costUsdPerXrp ?? '',
        note: lot.note,
      }
    : emptyLot;

/**
 * Add or edit a manual holding: an XRP amount, and when known the day acquired and the cost per XRP
 * (what P&L is figured from), checked with the API's own rules before it is sent.
 */
export function LotForm({ lot, onDone }: { lot?: LotView; onDone?: () => void }) {
  const create = useCreateLot();
  const update = useUpdateLot();
  const pending = create.isPending || update.isPending;
  const form = useSchemaForm(lotInputSchema, defaultsOf(lot));
  const { errors } = form.formState;
  // Today in the member's zone: the latest day they can have bought on.
  const dates = useDates();
  const [today] = useState(() => dates.isoDay(new Date()));
  const id = lot ? `lot-${lot.id}` : 'lot-new';
  const onError = (failure: Error) => form.setError('root', refusal(failure));
  const submit = form.handleSubmit((input) =>
    lot
      ? update.mutate({ id: lot.id, lot: input }, { onSuccess: () => onDone?.(), onError })
      : create.mutate(input, {
          onSuccess: () => {
            form.reset(emptyLot);
            onDone?.();
          },
          onError,
        }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={lot ? 'Edit holding' : 'Add a holding'}
      className="flex flex-col gap-4"
    >
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={`${id}-amount`}
          label="Amount (XRP)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 1500"
          error={errors.amountXrp?.message}
          {...form.register('amountXrp')}
        />
        <Field
          id={`${id}-acquired`}
          label="Day acquired (optional)"
          type="date"
          max={today}
          error={errors.acquiredOn?.message}
          {...form.register('acquiredOn')}
        />
        <Field
          id={`${id}-cost`}
          label="Cost per XRP in USD (optional)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 0.52"
          error={errors.costUsdPerXrp?.message}
          {...form.register('costUsdPerXrp')}
        />
      </div>
      <Field
        id={`${id}-note`}
        label="Note (optional)"
        maxLength={140}
        placeholder="e.g. Exchange, cold storage"
        error={errors.note?.message}
        {...form.register('note')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : lot ? 'Save Holding' : 'Add Holding'}
        </Button>
        {lot && onDone && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
