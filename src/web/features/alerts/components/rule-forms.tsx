import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
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
import { Input } from '@/web/components/ui/input';
import { NumberInput } from '@/web/components/ui/number-input';
import { Select } from '@/web/components/ui/select';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useCreateRule } from '../api/alerts';

export const fieldClass = 'flex flex-col gap-1.5 text-sm font-medium';

/** A field's problem under it, named by the input's aria-describedby. */
export function Problem({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="text-sm font-normal text-destructive">
      {message}
    </span>
  ) : null;
}

export function ChoiceField<T extends FieldValues>(props: {
  label: string;
  control: Control<T>;
  name: FieldPath<T>;
  disabled: boolean;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className={fieldClass}>
      {props.label}
      <Controller
        control={props.control}
        name={props.name}
        render={({ field }) => (
          <Select {...field} disabled={props.disabled}>
            {props.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </Select>
        )}
      />
    </label>
  );
}

/** A number the rule needs, with its problem under it. */
export function AmountField<T extends FieldValues>(props: {
  id: string;
  label: string;
  control: Control<T>;
  name: FieldPath<T>;
  disabled: boolean;
  step: string;
  min?: string;
  max?: string;
  format?: (value: number) => string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <label className={fieldClass}>
          {props.label}
          <NumberInput
            {...field}
            inputMode="decimal"
            step={props.step}
            min={props.min}
            max={props.max}
            format={props.format}
            disabled={props.disabled}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${props.id}-error` : undefined}
          />
          <Problem id={`${props.id}-error`} message={fieldState.error?.message} />
        </label>
      )}
    />
  );
}

/** What the user should know right after setting a rule that starts on its firing side. */
function startsOnFiringSide(rule: AlertRule): string | null {
  if (rule.kind === 'percent' || rule.lastSide === null || rule.direction === 'crosses') return null;
  if (rule.lastSide !== rule.direction) return null;
  const subject =
    rule.kind === 'price'
      ? `XRP is already ${rule.direction} $${formatTarget(rule.target ?? 0)}`
      : `Fear & Greed is already ${rule.direction} ${rule.target}`;
  return `${subject}: this alert fires the next time it crosses ${rule.direction === 'above' ? 'up' : 'down'}.`;
}

/** Sends a rule; a refusal is shown above the form (beside the toast) and keeps what was typed. */
function useSetRule(
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

/** SPEC §2: 'Price Target (USD)', step 0.01, default 0.70, and 'Set Alert'; plus direction and a note. */
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
        <AmountField
          id="price-target"
          label="Price Target (USD)"
          control={form.control}
          name="target"
          step="0.01"
          format={(value) => value.toFixed(2)}
          disabled={disabled}
        />
        <ChoiceField
          label="When XRP"
          control={form.control}
          name="direction"
          disabled={disabled}
          options={[
            ['above', 'Rises above the target'],
            ['below', 'Falls below the target'],
            ['crosses', 'Crosses the target either way'],
          ]}
        />
      </div>
      <label className={fieldClass}>
        Note (optional)
        <Input
          maxLength={140}
          disabled={disabled}
          placeholder="Take profit, re-check the chart…"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? 'price-note-error' : undefined}
          {...form.register('note')}
        />
        <Problem id="price-note-error" message={errors.note?.message} />
      </label>
      <Button type="submit" disabled={disabled || pending} className="self-start">
        {pending ? 'Setting...' : 'Set Alert'}
      </Button>
    </form>
  );
}

/** Premium: "XRP moves ±N % within 1 h / 24 h" and Fear & Greed levels. */
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
        <AmountField
          id="percent-move"
          label="Move (%)"
          control={form.control}
          name="percent"
          step="0.1"
          min="0.5"
          max="100"
          disabled={disabled}
        />
        <ChoiceField
          label="Within"
          control={form.control}
          name="window"
          disabled={disabled}
          options={[
            ['1h', '1 hour'],
            ['24h', '24 hours'],
          ]}
        />
        <ChoiceField
          label="Direction"
          control={form.control}
          name="direction"
          disabled={disabled}
          options={[
            ['either', 'Up or down'],
            ['up', 'Up'],
            ['down', 'Down'],
          ]}
        />
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
        <AmountField
          id="fear-greed-level"
          label="Fear & Greed level (1–99)"
          control={form.control}
          name="target"
          step="1"
          min="1"
          max="99"
          disabled={disabled}
        />
        <ChoiceField
          label="When the index"
          control={form.control}
          name="direction"
          disabled={disabled}
          options={[
            ['above', 'Rises above the level'],
            ['below', 'Falls below the level'],
            ['crosses', 'Crosses it either way'],
          ]}
        />
      </div>
      <Button type="submit" variant="outline" disabled={disabled || rule.pending} className="self-start">
        Set Fear & Greed Alert
      </Button>
    </form>
  );
}
