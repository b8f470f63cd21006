import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import {
  DEFAULT_PRICE_TARGET,
  describeRule,
  formatTarget,
  type AlertRule,
  type AlertRuleInput,
} from '@/domain/alerts/alerts.schema';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { useCreateRule } from '../api/alerts';

const fieldClass = 'flex flex-col gap-1.5 text-sm font-medium';

function ChoiceField<T extends string>(props: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
  options: readonly (readonly [T, string])[];
}) {
  return (
    <label className={fieldClass}>
      {props.label}
      <Select
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
        disabled={props.disabled}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </label>
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

function useSetRule(userId: string, reset: () => void) {
  const create = useCreateRule(userId);
  const submit = (input: AlertRuleInput) =>
    create.mutate(input, {
      onSuccess: (rule) => {
        toast.success('Alert set', { description: startsOnFiringSide(rule) ?? describeRule(rule) });
        reset();
      },
    });
  return { submit, pending: create.isPending };
}

/** SPEC §2: 'Price Target (USD)', step 0.01, default 0.70, and 'Set Alert'; plus direction and a note. */
export function PriceAlertForm({ userId, disabled }: { userId: string; disabled: boolean }) {
  const [target, setTarget] = useState(DEFAULT_PRICE_TARGET.toFixed(2));
  const [direction, setDirection] = useState<'above' | 'below' | 'crosses'>('above');
  const [note, setNote] = useState('');
  const { submit, pending } = useSetRule(userId, () => setNote(''));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(target);
    if (!target || !Number.isFinite(value) || value <= 0) {
      toast.error('Enter a price target above $0');
      return;
    }
    submit({ kind: 'price', target: value, direction, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Price alert">
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={fieldClass}>
          Price Target (USD)
          <Input
            type="number"
            inputMode="decimal"
            step="0.01"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            disabled={disabled}
            required
          />
        </label>
        <ChoiceField
          label="When XRP"
          value={direction}
          onChange={setDirection}
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
          value={note}
          maxLength={140}
          onChange={(event) => setNote(event.target.value)}
          disabled={disabled}
          placeholder="Take profit, re-check the chart…"
        />
      </label>
      <Button type="submit" disabled={disabled || pending} className="self-start">
        {pending ? 'Setting...' : 'Set Alert'}
      </Button>
    </form>
  );
}

/** Premium: "XRP moves ±N % within 1 h / 24 h" and Fear & Greed levels. */
export function MarketAlertForms({ userId, disabled }: { userId: string; disabled: boolean }) {
  const [percent, setPercent] = useState('5');
  const [window, setWindow] = useState<'1h' | '24h'>('24h');
  const [move, setMove] = useState<'up' | 'down' | 'either'>('either');
  const [level, setLevel] = useState('75');
  const [levelDirection, setLevelDirection] = useState<'above' | 'below' | 'crosses'>('above');
  const percentRule = useSetRule(userId, () => undefined);
  const levelRule = useSetRule(userId, () => undefined);
  return (
    <div className="flex flex-col gap-6">
      <form
        aria-label="Percentage move alert"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          percentRule.submit({ kind: 'percent', percent: Number(percent), window, direction: move });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <label className={fieldClass}>
            Move (%)
            <Input
              type="number"
              step="0.1"
              min="0.5"
              max="100"
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              disabled={disabled}
              required
            />
          </label>
          <ChoiceField
            label="Within"
            value={window}
            onChange={setWindow}
            disabled={disabled}
            options={[
              ['1h', '1 hour'],
              ['24h', '24 hours'],
            ]}
          />
          <ChoiceField
            label="Direction"
            value={move}
            onChange={setMove}
            disabled={disabled}
            options={[
              ['either', 'Up or down'],
              ['up', 'Up'],
              ['down', 'Down'],
            ]}
          />
        </div>
        <Button
          type="submit"
          variant="outline"
          disabled={disabled || percentRule.pending}
          className="self-start"
        >
          Set Move Alert
        </Button>
      </form>
      <form
        aria-label="Fear and Greed alert"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          levelRule.submit({ kind: 'fear_greed', target: Number(level), direction: levelDirection });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <label className={fieldClass}>
            Fear & Greed level (1–99)
            <Input
              type="number"
              step="1"
              min="1"
              max="99"
              value={level}
              onChange={(event) => setLevel(event.target.value)}
              disabled={disabled}
              required
            />
          </label>
          <ChoiceField
            label="When the index"
            value={levelDirection}
            onChange={setLevelDirection}
            disabled={disabled}
            options={[
              ['above', 'Rises above the level'],
              ['below', 'Falls below the level'],
              ['crosses', 'Crosses it either way'],
            ]}
          />
        </div>
        <Button
          type="submit"
          variant="outline"
          disabled={disabled || levelRule.pending}
          className="self-start"
        >
          Set Fear & Greed Alert
        </Button>
      </form>
    </div>
  );
}
