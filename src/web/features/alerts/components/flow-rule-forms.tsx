import type { z } from 'zod';
import {
  entityMoveRuleInputSchema,
  exchangeNetflowRuleInputSchema,
  reserveChangeRuleInputSchema,
} from '@/domain/alerts/alerts.schema';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { useSchemaForm } from '@/web/lib/form';
import { EntityMoveFields, NetflowFields, ReserveFields } from './flow-rule-fields';
import { useSetRule } from './rule-forms';

type FormProps = { userId: string; disabled: boolean };

/** Premium: a named entity's whale payments, the exchanges' net flow and an exchange's reserve. */
export function WhaleAlertForms(props: FormProps) {
  return (
    <div className="flex flex-col gap-6">
      <EntityMoveAlertForm {...props} />
      <NetflowAlertForm {...props} />
      <ReserveAlertForm {...props} />
    </div>
  );
}

function EntityMoveAlertForm({ userId, disabled }: FormProps) {
  const form = useSchemaForm(entityMoveRuleInputSchema, {
    kind: 'entity_move',
    entity: '',
    target: 5_000_000,
    direction: 'either',
  } satisfies z.input<typeof entityMoveRuleInputSchema>);
  const rule = useSetRule(userId, form, () => undefined);
  return (
    <form
      aria-label="Entity move alert"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(rule.submit)}
    >
      {form.formState.errors.root && <FormAlert>{form.formState.errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <EntityMoveFields control={form.control} idPrefix="" disabled={disabled} />
      </div>
      <Button type="submit" variant="outline" disabled={disabled || rule.pending} className="self-start">
        Set Entity Alert
      </Button>
    </form>
  );
}

function NetflowAlertForm({ userId, disabled }: FormProps) {
  const form = useSchemaForm(exchangeNetflowRuleInputSchema, {
    kind: 'exchange_netflow',
    target: 10_000_000,
    direction: 'either',
  } satisfies z.input<typeof exchangeNetflowRuleInputSchema>);
  const rule = useSetRule(userId, form, () => undefined);
  return (
    <form
      aria-label="Exchange net flow alert"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(rule.submit)}
    >
      {form.formState.errors.root && <FormAlert>{form.formState.errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <NetflowFields control={form.control} idPrefix="" disabled={disabled} />
      </div>
      <Button type="submit" variant="outline" disabled={disabled || rule.pending} className="self-start">
        Set Net Flow Alert
      </Button>
    </form>
  );
}

function ReserveAlertForm({ userId, disabled }: FormProps) {
  const form = useSchemaForm(reserveChangeRuleInputSchema, {
    kind: 'reserve_change',
    entity: '',
    percent: 5,
    direction: 'either',
  } satisfies z.input<typeof reserveChangeRuleInputSchema>);
  const rule = useSetRule(userId, form, () => undefined);
  return (
    <form
      aria-label="Exchange reserve alert"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(rule.submit)}
    >
      {form.formState.errors.root && <FormAlert>{form.formState.errors.root.message}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <ReserveFields control={form.control} idPrefix="" disabled={disabled} />
      </div>
      <Button type="submit" variant="outline" disabled={disabled || rule.pending} className="self-start">
        Set Reserve Alert
      </Button>
    </form>
  );
}
