import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { accountMoveRuleInputSchema, type AlertRule } from '@/domain/alerts/alerts.schema';
import type { WatchedAccountView } from '@/domain/portfolio/portfolio.schema';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { NumberInput } from '@/web/components/ui/number-input';
import { Select } from '@/web/components/ui/select';
import { useDates } from '@/web/lib/preferences';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { useCreateAccountRule, useDeleteAccountRule } from '../api/portfolio';
import { formatXrpNumber } from '../lib/format';

const fieldClass = 'flex flex-col gap-1.5 text-sm font-medium';

const ways = { in: 'into', out: 'out of', either: 'into or out of' } as const;

/** "Payments of at least 5,000 XRP into Cold wallet". */
export function describeAccountRule(rule: Pick<AlertRule, 'direction' | 'target'>, label: string): string {
  const way = ways[rule.direction as keyof typeof ways] ?? ways.either;
  return `Payments of at least ${rule.target === null ? '—' : formatXrpNumber(rule.target, 6)} ${way} ${label}`;
}

/** Sets "payments of at least N XRP in / out / either way" for one watched account. */
function AccountAlertForm({ userId, account }: { userId: string; account: WatchedAccountView }) {
  const create = useCreateAccountRule(userId);
  const form = useSchemaForm(accountMoveRuleInputSchema, {
    kind: 'account_move',
    watchedAccountId: account.id,
    direction: 'either',
  } satisfies Partial<z.input<typeof accountMoveRuleInputSchema>>);
  const { errors } = form.formState;
  const id = `account-alert-${account.id}`;
  const submit = form.handleSubmit((rule) =>
    create.mutate(rule, {
      onSuccess: (stored) => {
        toast.success('Alert set', { description: describeAccountRule(stored, account.label) });
        form.reset({ kind: 'account_move', watchedAccountId: account.id, direction: rule.direction });
      },
      onError: (failure) => form.setError('root', refusal(failure)),
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Payment alert for ${account.label}`}
      className="flex flex-col gap-3"
    >
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      {errors.watchedAccountId && <FormAlert>{errors.watchedAccountId.message}</FormAlert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="target"
          render={({ field, fieldState }) => (
            <div className={fieldClass}>
              <label htmlFor={`${id}-target`}>Payments of at least (XRP)</label>
              <NumberInput
                {...field}
                id={`${id}-target`}
                inputMode="decimal"
                step="any"
                min="0"
                placeholder="e.g. 10000"
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={fieldState.error ? `${id}-target-error` : undefined}
              />
              {fieldState.error && (
                <span id={`${id}-target-error`} className="text-sm font-normal text-destructive">
                  {fieldState.error.message}
                </span>
              )}
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <label className={fieldClass}>
              Direction
              <Select {...field}>
                <option value="either">In or out</option>
                <option value="in">Into the account</option>
                <option value="out">Out of the account</option>
              </Select>
            </label>
          )}
        />
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={create.isPending} className="self-start">
        {create.isPending ? 'Setting...' : 'Set Alert'}
      </Button>
    </form>
  );
}

/** The account's alert rules (from the member's rules), with a way to delete each, and the form. */
export function AccountAlerts({
  userId,
  account,
  rules,
}: {
  userId: string;
  account: WatchedAccountView;
  /** Undefined while the rules load or when they could not be. */
  rules: AlertRule[] | undefined;
}) {
  const dates = useDates();
  const remove = useDeleteAccountRule(userId);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-muted-foreground">
        Get an alert when a payment of at least this much XRP arrives or leaves: in the app, and by email or
        push when “Whale alerts” is on under{' '}
        <Link to="/settings?tab=notifications" className="text-primary underline underline-offset-4">
          Settings → Notifications
        </Link>
        .
      </p>
      {rules && rules.length > 0 && (
        <ul className="divide-y rounded-md border" aria-label={`Alerts for ${account.label}`}>
          {rules.map((rule) => {
            const text = describeAccountRule(rule, account.label);
            return (
              <li
                key={rule.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                data-testid="account-rule"
              >
                <div className="min-w-0">
                  <p>
                    {text}
                    {!rule.active && <span className="ml-2 text-xs text-muted-foreground">(Paused)</span>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {rule.lastFiredAt ? `Last fired ${dates.dateTime(rule.lastFiredAt)}` : 'Not fired yet'}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete alert: ${text}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(rule.id)}
                >
                  Delete
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <AccountAlertForm userId={userId} account={account} />
    </div>
  );
}
