import {
  Controller,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type {
  accountMoveRuleInputSchema,
  fearGreedRuleInputSchema,
  percentRuleInputSchema,
  priceRuleInputSchema,
} from '@/domain/alerts/alerts.schema';
import { Input } from '@/web/components/ui/input';
import { NumberInput } from '@/web/components/ui/number-input';
import { Select } from '@/web/components/ui/select';

/**
 * Each rule kind's fields, written once: the create forms and the Edit dialog both render them.
 * `idPrefix` keeps ids unique when a create form and the Edit dialog are on the page together.
 */

export const fieldClass = 'flex flex-col gap-1.5 text-sm font-medium';

type Options = readonly (readonly [string, string])[];

const crossing = (subject: string, level: string) =>
  [
    ['above', `Rises above the ${level}`],
    ['below', `Falls below the ${level}`],
    ['crosses', `Crosses ${subject} either way`],
  ] as const;

export const PRICE_DIRECTIONS = crossing('the target', 'target');
export const FEAR_GREED_DIRECTIONS = crossing('it', 'level');
export const PERCENT_WINDOWS = [
  ['1h', '1 hour'],
  ['24h', '24 hours'],
] as const;
export const PERCENT_DIRECTIONS = [
  ['either', 'Up or down'],
  ['up', 'Up'],
  ['down', 'Down'],
] as const;
export const ACCOUNT_MOVE_DIRECTIONS = [
  ['either', 'Into or out of it'],
  ['in', 'Into it'],
  ['out', 'Out of it'],
] as const;

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
  options: Options;
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

/** The optional note of a rule, with its problem (under `errorId`) under it. */
export function NoteField(props: {
  errorId: string;
  message: string | undefined;
  disabled: boolean;
  placeholder?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <label className={fieldClass}>
      Note (optional)
      <Input
        maxLength={140}
        disabled={props.disabled}
        placeholder={props.placeholder}
        aria-invalid={props.message ? true : undefined}
        aria-describedby={props.message ? props.errorId : undefined}
        {...props.registration}
      />
      <Problem id={props.errorId} message={props.message} />
    </label>
  );
}

/** The form control of one kind's schema, as `useSchemaForm` returns it. */
type RuleControl<S extends z.ZodType<FieldValues, FieldValues>> = Control<z.input<S>, unknown, z.output<S>>;

type FieldsProps<S extends z.ZodType<FieldValues, FieldValues>> = {
  control: RuleControl<S>;
  /** '' on the create forms, 'edit-' in the Edit dialog. */
  idPrefix: string;
  disabled: boolean;
};

type Amount<T extends FieldValues> = Omit<Parameters<typeof AmountField<T>>[0], 'control' | 'disabled'>;
type Choice<T extends FieldValues> = Omit<Parameters<typeof ChoiceField<T>>[0], 'control' | 'disabled'>;

/** One kind's fields: its amount (id prefixed) then its choices, all on the form's control. */
function KindFields<T extends FieldValues>(props: {
  control: Control<T>;
  idPrefix: string;
  disabled: boolean;
  amount: Amount<T>;
  choices: Choice<T>[];
}) {
  const { control, disabled } = props;
  return (
    <>
      <AmountField
        {...props.amount}
        id={props.idPrefix + props.amount.id}
        control={control}
        disabled={disabled}
      />
      {props.choices.map((choice) => (
        <ChoiceField key={choice.name} {...choice} control={control} disabled={disabled} />
      ))}
    </>
  );
}

/** Price target and direction; `format` is how the target reads once typed. */
export function PriceFields({
  format,
  ...props
}: FieldsProps<typeof priceRuleInputSchema> & { format: (value: number) => string }) {
  const amount = {
    id: 'price-target',
    label: 'Price Target (USD)',
    name: 'target',
    step: '0.01',
    format,
  } as const;
  return (
    <KindFields
      {...props}
      amount={amount}
      choices={[{ label: 'When XRP', name: 'direction', options: PRICE_DIRECTIONS }]}
    />
  );
}

/** "XRP moves ±N% within 1 h / 24 h". */
export function PercentFields(props: FieldsProps<typeof percentRuleInputSchema>) {
  return (
    <KindFields
      {...props}
      amount={{ id: 'percent-move', label: 'Move (%)', name: 'percent', step: '0.1', min: '0.5', max: '100' }}
      choices={[
        { label: 'Within', name: 'window', options: PERCENT_WINDOWS },
        { label: 'Direction', name: 'direction', options: PERCENT_DIRECTIONS },
      ]}
    />
  );
}

/** A Fear & Greed level and which way the index crosses it. */
export function FearGreedFields(props: FieldsProps<typeof fearGreedRuleInputSchema>) {
  const label = 'Fear & Greed level (1–99)';
  return (
    <KindFields
      {...props}
      amount={{ id: 'fear-greed-level', label, name: 'target', step: '1', min: '1', max: '99' }}
      choices={[{ label: 'When the index', name: 'direction', options: FEAR_GREED_DIRECTIONS }]}
    />
  );
}

/** Payments of at least N XRP into or out of a watched account (named by `accountLabel`). */
export function AccountMoveFields({
  accountLabel,
  ...props
}: FieldsProps<typeof accountMoveRuleInputSchema> & { accountLabel: string | null }) {
  const direction = `Into or out of ${accountLabel ?? 'the watched account'}`;
  return (
    <KindFields
      {...props}
      amount={{ id: 'account-amount', label: 'Payments of at least (XRP)', name: 'target', step: '1' }}
      choices={[{ label: direction, name: 'direction', options: ACCOUNT_MOVE_DIRECTIONS }]}
    />
  );
}
