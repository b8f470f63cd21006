import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  accountMoveRuleInputSchema,
  describeRule,
  fearGreedRuleInputSchema,
  formatTarget,
  percentRuleInputSchema,
  priceRuleInputSchema,
  type AlertRule,
  type AlertRuleInput,
} from '@/domain/alerts/alerts.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/web/components/ui/dialog';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Input } from '@/web/components/ui/input';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useEditRule } from '../api/alerts';
import { AmountField, ChoiceField, fieldClass, Problem } from './rule-forms';

const crossing = (subject: string, level: string) =>
  [
    ['above', `Rises above the ${level}`],
    ['below', `Falls below the ${level}`],
    ['crosses', `Crosses ${subject} either way`],
  ] as const;

/** The form of one edit: the kind's fields, the note, Save; a refusal shown above it and kept typed. */
function EditForm<Input extends FieldValues, Output extends AlertRuleInput>(props: {
  rule: AlertRule;
  userId: string;
  form: UseFormReturn<Input, unknown, Output>;
  onDone: () => void;
  children: ReactNode;
}) {
  const edit = useEditRule(props.userId);
  const { form } = props;
  const noteError = (form.formState.errors as { note?: { message?: string } }).note?.message;
  return (
    <form
      noValidate
      aria-label="Edit alert"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((output: AlertRuleInput) => {
        // An emptied note is sent as none, as create sends it.
        const { note, ...rest } = output;
        const rule = { ...rest, ...(note ? { note } : {}) } as AlertRuleInput;
        edit.mutate(
          { id: props.rule.id, rule },
          {
            onSuccess: props.onDone,
            onError: (error) => form.setError('root', refusal(error)),
          },
        );
      })}
    >
      {form.formState.errors.root && <FormAlert>{form.formState.errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">{props.children}</div>
      <label className={fieldClass}>
        Note (optional)
        <Input
          maxLength={140}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'edit-note-error' : undefined}
          {...form.register('note' as never)}
        />
        <Problem id="edit-note-error" message={noteError} />
      </label>
      <Button type="submit" disabled={edit.isPending} className="self-start">
        {edit.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}

type FormProps = { rule: AlertRule; userId: string; onDone: () => void };

function PriceEdit({ rule, userId, onDone }: FormProps) {
  const form = useSchemaForm(priceRuleInputSchema, {
    kind: 'price',
    target: rule.target ?? undefined,
    direction: rule.direction as 'above',
    note: rule.note ?? '',
  } satisfies Partial<z.input<typeof priceRuleInputSchema>>);
  return (
    <EditForm rule={rule} userId={userId} form={form} onDone={onDone}>
      <AmountField
        id="edit-price-target"
        label="Price Target (USD)"
        control={form.control}
        name="target"
        step="0.01"
        format={formatTarget}
        disabled={false}
      />
      <ChoiceField
        label="When XRP"
        control={form.control}
        name="direction"
        disabled={false}
        options={crossing('the target', 'target')}
      />
    </EditForm>
  );
}

function PercentEdit({ rule, userId, onDone }: FormProps) {
  const form = useSchemaForm(percentRuleInputSchema, {
    kind: 'percent',
    percent: rule.percent ?? undefined,
    window: rule.window ?? '24h',
    direction: rule.direction as 'either',
    note: rule.note ?? '',
  } satisfies Partial<z.input<typeof percentRuleInputSchema>>);
  return (
    <EditForm rule={rule} userId={userId} form={form} onDone={onDone}>
      <AmountField
        id="edit-percent-move"
        label="Move (%)"
        control={form.control}
        name="percent"
        step="0.1"
        min="0.5"
        max="100"
        disabled={false}
      />
      <ChoiceField
        label="Within"
        control={form.control}
        name="window"
        disabled={false}
        options={[
          ['1h', '1 hour'],
          ['24h', '24 hours'],
        ]}
      />
      <ChoiceField
        label="Direction"
        control={form.control}
        name="direction"
        disabled={false}
        options={[
          ['either', 'Up or down'],
          ['up', 'Up'],
          ['down', 'Down'],
        ]}
      />
    </EditForm>
  );
}

function FearGreedEdit({ rule, userId, onDone }: FormProps) {
  const form = useSchemaForm(fearGreedRuleInputSchema, {
    kind: 'fear_greed',
    target: rule.target ?? undefined,
    direction: rule.direction as 'above',
    note: rule.note ?? '',
  } satisfies Partial<z.input<typeof fearGreedRuleInputSchema>>);
  return (
    <EditForm rule={rule} userId={userId} form={form} onDone={onDone}>
      <AmountField
        id="edit-fear-greed-level"
        label="Fear & Greed level (1–99)"
        control={form.control}
        name="target"
        step="1"
        min="1"
        max="99"
        disabled={false}
      />
      <ChoiceField
        label="When the index"
        control={form.control}
        name="direction"
        disabled={false}
        options={crossing('it', 'level')}
      />
    </EditForm>
  );
}

function AccountMoveEdit({ rule, userId, onDone }: FormProps) {
  const form = useSchemaForm(accountMoveRuleInputSchema, {
    kind: 'account_move',
    watchedAccountId: rule.watchedAccountId ?? '',
    target: rule.target ?? undefined,
    direction: rule.direction as 'either',
    note: rule.note ?? '',
  } satisfies Partial<z.input<typeof accountMoveRuleInputSchema>>);
  return (
    <EditForm rule={rule} userId={userId} form={form} onDone={onDone}>
      <AmountField
        id="edit-account-amount"
        label="Payments of at least (XRP)"
        control={form.control}
        name="target"
        step="1"
        disabled={false}
      />
      <ChoiceField
        label={`Into or out of ${rule.watchedAccountLabel ?? 'the watched account'}`}
        control={form.control}
        name="direction"
        disabled={false}
        options={[
          ['either', 'Into or out of it'],
          ['in', 'Into it'],
          ['out', 'Out of it'],
        ]}
      />
    </EditForm>
  );
}

const forms: Record<AlertRule['kind'], (props: FormProps) => ReactNode> = {
  price: PriceEdit,
  percent: PercentEdit,
  fear_greed: FearGreedEdit,
  account_move: AccountMoveEdit,
};

/** Edit: a dialog with the rule's own form, filled with its values; closes and toasts when saved. */
export function EditRuleDialog({ rule, userId }: { rule: AlertRule; userId: string }) {
  const [open, setOpen] = useState(false);
  const Form = forms[rule.kind];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Edit ${describeRule(rule)}`}>
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent title="Edit alert" description={describeRule(rule)}>
        {open && <Form rule={rule} userId={userId} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
