import type { z } from 'zod';
import { toast } from '@/web/lib/toast';
import {
  DEFAULT_PRICE_TARGET,
  describeRule,
  fearGreedRuleInputSchema,
  formatTarget,
  percentRuleInputSchema,
  priceRuleInputSchema,
  type AlertRule,
  type AlertRuleInput,
} from '@/domain/alerts/alerts.schema';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useCreateRule } from '../api/alerts';
import { FearGreedFields, NoteField, PercentFields, PriceFields } from './rule-fields';

/** What the user should know right after setting a rule that starts on its firing side. */
function startsOnFiringSide(rule: AlertRule): string | null {
  if (rule.kind === 'exchange_netflow')
    return rule.lastSide === 'above'
      ? "The exchanges' net flow is already at or above it: this alert fires the next time it reaches it again."
      : null;
  if (rule.kind !== 'price' && rule.kind !== 'fear_greed') return null;
  if (rule.lastSide === null || rule.direction === 'crosses') return null;
  if (rule.lastSide !== rule.direction) return null;
  const subject =
    rule.kind === 'price'
      ? `XRP is already ${rule.direction} $${formatTarget(rule.target ?? 0)}`
      : `Fear & Greed is already ${rule.direction} ${rule.target}`;
  return `${subject}: this alert fires the next time it crosses ${rule.direction === 'above' ? 'up' : 'down'}.`;
}

/** Sends a rule; a refusal is shown above the form (beside the toast) and keeps what was typed. */
export function useSetRule(
  userId: string,
  form: { setError: (name: 'root', error: { message: string }) => void },
  reset: () => void,
) {
  const create = useCreateRule(userId);
  const submit = (input: AlertRuleInput) =>
    create.mutate(input, {
      onSuccess: (rule) => {
        toast.success('Alert set', { description: startsOnFiringSide(rule) ?? describeRule(rule) });
        reset();
      },
      onError: (error) => form.setError('root', refusal(error)),
    });
  return { submit, pending: create.isPending };
}

/** 'Price Target (USD)', step 0.01, default 0.70, and 'Set Alert'; plus direction and a note. */
export function PriceAlertForm({ userId, disabled }: { userId: string; disabled: boolean }) {
  const form = useSchemaForm(priceRuleInputSchema, {
    kind: 'price',
    target: DEFAULT_PRICE_TARGET,
    direction: 'above',
    note: '',
  } satisfies z.input<typeof priceRuleInputSchema>);
  const { errors } = form.formState;
  const { submit, pending } = useSetRule(userId, form, () => form.resetField('note'));
  return (
    <form
      onSubmit={form.handleSubmit(({ note, ...rule }) => submit({ ...rule, ...(note ? { note } : {}) }))}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Price alert"
    >
      {form.formState.errors.root && <FormAlert>{form.formState.errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceFields
          control={form.control}
          idPrefix=""
          format={(value) => value.toFixed(2)}
          disabled={disabled}
        />
      </div>
      <NoteField
        errorId="price-note-error"
        message={errors.note?.message}
        disabled={disabled}
        placeholder="Take profit, re-check the chart…"
        registration={form.register('note')}
      />
      <Button type="submit" disabled={disabled || pending} className="self-start">
        {pending ? 'Setting...' : 'Set Alert'}
      </Button>
    </form>
  );
}

/** Premium: "XRP moves ±N% within 1 h / 24 h" and Fear & Greed levels. */
export function MarketAlertForms({ userId, disabled }: { userId: string; disabled: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <PercentAlertForm userId={userId} disabled={disabled} />
      <FearGreedAlertForm userId={userId} disabled={disabled} />
    </div>
  );
}

function PercentAlertForm({ userId, disabled }: { userId: string; disabled: boolean }) {
  const form = useSchemaForm(percentRuleInputSchema, {
    kind: 'percent',
    percent: 5,
    window: '24h',
    direction: 'either',
  } satisfies z.input<typeof percentRuleInputSchema>);
  const rule = useSetRule(userId, form, () => undefined);
  return (
    <form
      aria-label="Percentage move alert"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(rule.submit)}
    >
      {form.formState.errors.root && <FormAlert>{form.formState.errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <PercentFields control={form.control} idPrefix="" disabled={disabled} />
      </div>
      <Button type="submit" variant="outline" disabled={disabled || rule.pending} className="self-start">
        Set Move Alert
      </Button>
    </form>
  );
}

function FearGreedAlertForm({ userId, disabled }: { userId: string; disabled: boolean }) {
  const form = useSchemaForm(fearGreedRuleInputSchema, {
    kind: 'fear_greed',
    target: 75,
    direction: 'above',
  } satisfies z.input<typeof fearGreedRuleInputSchema>);
  const rule = useSetRule(userId, form, () => undefined);
  return (
    <form
      aria-label="Fear and Greed alert"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(rule.submit)}
    >
      {form.formState.errors.root && <FormAlert>{form.formState.errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FearGreedFields control={form.control} idPrefix="" disabled={disabled} />
      </div>
      <Button type="submit" variant="outline" disabled={disabled || rule.pending} className="self-start">
        Set Fear & Greed Alert
      </Button>
    </form>
  );
}
