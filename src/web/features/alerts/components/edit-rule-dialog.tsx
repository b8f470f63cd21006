import { useState, type ReactNode } from 'react';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Control, DefaultValues, FieldValues } from 'react-hook-form';
import {
  accountMoveRuleInputSchema,
  describeRule,
  entityMoveRuleInputSchema,
  exchangeNetflowRuleInputSchema,
  fearGreedRuleInputSchema,
  formatTarget,
  percentRuleInputSchema,
  priceRuleInputSchema,
  reserveChangeRuleInputSchema,
} from '@/domain/alerts/alerts.schema';
import type { AlertRule, AlertRuleInput } from '@/domain/alerts/alerts.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/web/components/ui/dialog';
import { FormAlert } from '@/web/components/ui/form-alert';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useEditRule } from '../api/alerts';
import { EntityMoveFields, NetflowFields, ReserveFields } from './flow-rule-fields';
import { AccountMoveFields, FearGreedFields, NoteField, PercentFields, PriceFields } from './rule-fields';

type FormProps = { rule: AlertRule; userId: string; onDone: () => void };

/**
 * The form of one edit: the kind's schema filled with the rule's values, its fields, the note and
 * Save; a refusal is shown above it and what was typed stays.
 */
function EditForm<Input extends FieldValues, Output extends AlertRuleInput>(
  props: FormProps & {
    schema: StandardSchemaV1<Input, Output>;
    values: DefaultValues<Input>;
    fields: (control: Control<Input, unknown, Output>) => ReactNode;
  },
) {
  const edit = useEditRule(props.userId);
  const form = useSchemaForm(props.schema, { ...props.values, note: props.rule.note ?? '' });
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
      <div className="grid gap-4 sm:grid-cols-2">{props.fields(form.control)}</div>
      <NoteField
        errorId="edit-note-error"
        message={noteError}
        disabled={false}
        registration={form.register('note' as never)}
      />
      <Button type="submit" disabled={edit.isPending} className="self-start">
        {edit.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}

/** Each kind's edit form, filled with the rule's values; ids carry "edit-" so they never clash with create's. */
const forms: Record<AlertRule['kind'], (props: FormProps) => ReactNode> = {
  price: (props) => (
    <EditForm
      {...props}
      schema={priceRuleInputSchema}
      values={{
        kind: 'price',
        target: props.rule.target ?? undefined,
        direction: props.rule.direction as 'above',
      }}
      fields={(control) => (
        <PriceFields control={control} idPrefix="edit-" format={formatTarget} disabled={false} />
      )}
    />
  ),
  percent: (props) => (
    <EditForm
      {...props}
      schema={percentRuleInputSchema}
      values={{
        kind: 'percent',
        percent: props.rule.percent ?? undefined,
        window: props.rule.window ?? '24h',
        direction: props.rule.direction as 'either',
      }}
      fields={(control) => <PercentFields control={control} idPrefix="edit-" disabled={false} />}
    />
  ),
  fear_greed: (props) => (
    <EditForm
      {...props}
      schema={fearGreedRuleInputSchema}
      values={{
        kind: 'fear_greed',
        target: props.rule.target ?? undefined,
        direction: props.rule.direction as 'above',
      }}
      fields={(control) => <FearGreedFields control={control} idPrefix="edit-" disabled={false} />}
    />
  ),
  account_move: (props) => (
    <EditForm
      {...props}
      schema={accountMoveRuleInputSchema}
      values={{
        kind: 'account_move',
        watchedAccountId: props.rule.watchedAccountId ?? '',
        target: props.rule.target ?? undefined,
        direction: props.rule.direction as 'either',
      }}
      fields={(control) => (
        <AccountMoveFields
          control={control}
          idPrefix="edit-"
          accountLabel={props.rule.watchedAccountLabel}
          disabled={false}
        />
      )}
    />
  ),
  entity_move: (props) => (
    <EditForm
      {...props}
      schema={entityMoveRuleInputSchema}
      values={{
        kind: 'entity_move',
        entity: props.rule.entity ?? '',
        target: props.rule.target ?? undefined,
        direction: props.rule.direction as 'either',
      }}
      fields={(control) => <EntityMoveFields control={control} idPrefix="edit-" disabled={false} />}
    />
  ),
  exchange_netflow: (props) => (
    <EditForm
      {...props}
      schema={exchangeNetflowRuleInputSchema}
      values={{
        kind: 'exchange_netflow',
        target: props.rule.target ?? undefined,
        direction: props.rule.direction as 'either',
      }}
      fields={(control) => <NetflowFields control={control} idPrefix="edit-" disabled={false} />}
    />
  ),
  reserve_change: (props) => (
    <EditForm
      {...props}
      schema={reserveChangeRuleInputSchema}
      values={{
        kind: 'reserve_change',
        entity: props.rule.entity ?? '',
        percent: props.rule.percent ?? undefined,
        direction: props.rule.direction as 'either',
      }}
      fields={(control) => <ReserveFields control={control} idPrefix="edit-" disabled={false} />}
    />
  ),
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
