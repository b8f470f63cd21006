import { useQuery } from '@tanstack/react-query';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type {
  entityMoveRuleInputSchema,
  exchangeNetflowRuleInputSchema,
  reserveChangeRuleInputSchema,
} from '@/domain/alerts/alerts.schema';
import { Select } from '@/web/components/ui/select';
import { registryEntitiesQuery } from '../api/alerts';
import { AmountField, ChoiceField, fieldClass, PERCENT_DIRECTIONS, Problem } from './rule-fields';

/**
 * The fields of the whale and exchange rules (entity moves, exchange net flow, reserve change),
 * written once for the create forms and the Edit dialog. `idPrefix` keeps ids unique when both are
 * on the page.
 */

export const ENTITY_MOVE_DIRECTIONS = [
  ['either', 'Sent or received'],
  ['in', 'Received by it'],
  ['out', 'Sent by it'],
] as const;
export const NETFLOW_DIRECTIONS = [
  ['either', 'Net inflow or outflow'],
  ['in', 'Net inflow (onto exchanges)'],
  ['out', 'Net outflow (off exchanges)'],
] as const;

type RuleControl<S extends z.ZodType<FieldValues, FieldValues>> = Control<z.input<S>, unknown, z.output<S>>;
type FieldsProps<S extends z.ZodType<FieldValues, FieldValues>> = {
  control: RuleControl<S>;
  /** '' on the create forms, 'edit-' in the Edit dialog. */
  idPrefix: string;
  disabled: boolean;
};

/**
 * A choice of the entities the registry names (only exchanges for `exchanges`), spelled as the
 * registry spells them. A rule's entity the list no longer holds stays choosable, so an edit keeps it.
 */
export function EntityField<T extends FieldValues>(props: {
  id: string;
  label: string;
  control: Control<T>;
  name: FieldPath<T>;
  disabled: boolean;
  exchanges: boolean;
}) {
  const entities = useQuery(registryEntitiesQuery(!props.disabled));
  const names = (entities.data ?? [])
    .filter((entity) => !props.exchanges || entity.category === 'exchange')
    .map((entity) => entity.entity);
  const placeholder = props.disabled
    ? 'Choose…'
    : entities.isPending
      ? 'Loading names…'
      : entities.isError
        ? 'The names could not be loaded'
        : names.length === 0
          ? `No ${props.exchanges ? 'exchange' : 'entity'} is named yet`
          : `Choose ${props.exchanges ? 'an exchange' : 'an entity'}`;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const options = value && !names.includes(value) ? [value, ...names] : names;
        return (
          <div className={fieldClass}>
            <label htmlFor={props.id}>{props.label}</label>
            <Select
              {...field}
              id={props.id}
              value={value}
              disabled={props.disabled}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={fieldState.error ? `${props.id}-error` : undefined}
            >
              <option value="">{placeholder}</option>
              {options.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
            <Problem id={`${props.id}-error`} message={fieldState.error?.message} />
          </div>
        );
      }}
    />
  );
}

/** "A named entity moves at least N XRP": the entity, the amount (1M XRP or more) and which way. */
export function EntityMoveFields(props: FieldsProps<typeof entityMoveRuleInputSchema>) {
  const { control, idPrefix, disabled } = props;
  return (
    <>
      <EntityField
        id={`${idPrefix}entity-move-entity`}
        label="Entity"
        control={control}
        name="entity"
        disabled={disabled}
        exchanges={false}
      />
      <AmountField
        id={`${idPrefix}entity-move-amount`}
        label="Payments of at least (XRP)"
        control={control}
        name="target"
        step="1"
        min="1000000"
        disabled={disabled}
      />
      <ChoiceField
        label="Sent or received"
        control={control}
        name="direction"
        options={ENTITY_MOVE_DIRECTIONS}
        disabled={disabled}
      />
    </>
  );
}

/** "Exchanges' net inflow or outflow reaches N XRP in 24 hours". */
export function NetflowFields(props: FieldsProps<typeof exchangeNetflowRuleInputSchema>) {
  const { control, idPrefix, disabled } = props;
  return (
    <>
      <AmountField
        id={`${idPrefix}netflow-amount`}
        label="Net flow over 24 hours of at least (XRP)"
        control={control}
        name="target"
        step="1"
        min="1"
        disabled={disabled}
      />
      <ChoiceField
        label="Net flow"
        control={control}
        name="direction"
        options={NETFLOW_DIRECTIONS}
        disabled={disabled}
      />
    </>
  );
}

/** "An exchange's reserve moves ±N% in 24 hours": the exchange, the percentage and which way. */
export function ReserveFields(props: FieldsProps<typeof reserveChangeRuleInputSchema>) {
  const { control, idPrefix, disabled } = props;
  return (
    <>
      <EntityField
        id={`${idPrefix}reserve-entity`}
        label="Exchange"
        control={control}
        name="entity"
        disabled={disabled}
        exchanges
      />
      <AmountField
        id={`${idPrefix}reserve-percent`}
        label="Reserve change in 24 hours (%)"
        control={control}
        name="percent"
        step="0.1"
        min="0.5"
        max="100"
        disabled={disabled}
      />
      <ChoiceField
        label="Reserve moves"
        control={control}
        name="direction"
        options={PERCENT_DIRECTIONS}
        disabled={disabled}
      />
    </>
  );
}
