import { ArrowDownLeft, ArrowUpRight, ExternalLink, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AlertRule } from '@/domain/alerts/alerts.schema';
import { watchedAccountLabelSchema, type WatchedAccountView } from '@/domain/portfolio/portfolio.schema';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { useDates } from '@/web/lib/preferences';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useRenameAccount } from '../api/portfolio';
import { formatTokenAmount, formatXrp, formatXrpNumber, shortAddress } from '../lib/format';
import { AccountAlerts } from './account-alerts';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
const linkClass = 'text-primary underline-offset-2 hover:underline';

function RenameForm({ account, onDone }: { account: WatchedAccountView; onDone: () => void }) {
  const rename = useRenameAccount();
  const form = useSchemaForm(watchedAccountLabelSchema, { label: account.label });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ label }) =>
    rename.mutate(
      { id: account.id, label },
      { onSuccess: onDone, onError: (failure) => form.setError('root', refusal(failure)) },
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Rename ${account.label}`}
      className="flex w-full flex-col gap-2"
    >
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <Field
            id={`rename-${account.id}`}
            label="Name"
            maxLength={60}
            autoFocus
            error={errors.label?.message}
            {...form.register('label')}
          />
        </div>
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A figure of the account: its value, or "—" with why it is not known. */
function Reading({ label, value, reason }: { label: string; value: string | null; reason: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">
        {value ?? (
          <>
            —{' '}
            <span className="text-xs font-normal text-muted-foreground" data-testid="unknown-reason">
              {reason}
            </span>
          </>
        )}
      </dd>
    </div>
  );
}

function Section({ title, children, open }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="group rounded-md border" open={open}>
      <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium">{title}</summary>
      <div className="border-t px-3 py-3">{children}</div>
    </details>
  );
}

function Tokens({ account }: { account: WatchedAccountView }) {
  if (account.tokens.length === 0)
    return <p className="text-sm text-muted-foreground">No tokens (trust lines) on this account.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={`Tokens of ${account.label}`}>
      {account.tokens.map((token) => (
        <li
          key={`${token.currency}.${token.issuer}`}
          className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm"
          data-testid="token"
        >
          <span className="min-w-0">
            <span className="font-medium">{token.name}</span>{' '}
            <span className="text-xs text-muted-foreground">
              issued by{' '}
              <code className="break-all" title={token.issuer}>
                {shortAddress(token.issuer)}
              </code>
            </span>
          </span>
          <span className="tabular-nums">
            {formatTokenAmount(token.balance)}{' '}
            <span className="text-muted-foreground">
              {token.valueXrp === null ? (
                <>≈ — {token.unvaluedReason ?? 'no price on the ledger'}</>
              ) : (
                <>
                  ≈ {formatXrpNumber(token.valueXrp)}
                  {token.priceSource && ` (${token.priceSource === 'amm' ? 'AMM pool' : 'order book'})`}
                </>
              )}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Payments({ account }: { account: WatchedAccountView }) {
  const dates = useDates();
  if (account.payments.length === 0)
    return <p className="text-sm text-muted-foreground">No payments in or out seen yet.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={`Recent payments of ${account.label}`}>
      {account.payments.map((payment) => {
        const incoming = payment.direction === 'in';
        const Icon = incoming ? ArrowDownLeft : ArrowUpRight;
        return (
          <li
            key={payment.hash}
            className="flex flex-wrap items-baseline gap-x-3 text-sm"
            data-testid="payment"
          >
            <span className="flex items-center gap-1 font-medium">
              <Icon className="size-4 self-center" aria-hidden="true" />
              {incoming ? 'In' : 'Out'}
            </span>
            <span className="tabular-nums">
              {payment.amountXrp === null ? (
                <>
                  — <span className="text-xs text-muted-foreground">not an XRP payment (a token)</span>
                </>
              ) : (
                formatXrp(payment.amountXrp)
              )}
            </span>
            {payment.counterparty && (
              <span className="text-xs text-muted-foreground">
                {incoming ? 'from' : 'to'}{' '}
                <code title={payment.counterparty}>{shortAddress(payment.counterparty)}</code>
              </span>
            )}
            <a href={payment.url} {...external} className={`${linkClass} ml-auto text-xs`}>
              {dates.dateTime(payment.at)}
              <span className="sr-only"> (payment on the XRP Ledger explorer, opens in a new tab)</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** One watched account: its last reading, tokens, recent payments and alerts. */
export function AccountItem({
  userId,
  account,
  rules,
  onRemove,
}: {
  userId: string;
  account: WatchedAccountView;
  rules: AlertRule[] | undefined;
  onRemove: (account: WatchedAccountView) => void;
}) {
  const dates = useDates();
  const [renaming, setRenaming] = useState(false);
  const neverRead = account.refreshedAt === null;
  const notRead = account.refreshError ? `not read: ${account.refreshError}` : 'not read from the ledger yet';
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="watched-account">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {renaming ? (
          <RenameForm account={account} onDone={() => setRenaming(false)} />
        ) : (
          <>
            <div className="flex min-w-0 flex-col gap-0.5">
              <h3 className="break-words font-semibold">{account.label}</h3>
              <a
                href={account.url}
                {...external}
                className={`${linkClass} flex items-center gap-1 break-all font-mono text-xs`}
                title={account.address}
              >
                {account.address}
                {account.destinationTag !== null && ` (tag ${account.destinationTag})`}
                <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
                <span className="sr-only"> (on the XRP Ledger explorer, opens in a new tab)</span>
              </a>
            </div>
            <div className="flex gap-1">
              <Button
                variant="outline"
                size="sm"
                aria-label={`Rename ${account.label}`}
                onClick={() => setRenaming(true)}
              >
                Rename
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${account.label}`}
                onClick={() => onRemove(account)}
              >
                Remove
              </Button>
            </div>
          </>
        )}
      </div>
      {account.refreshError && !neverRead && (
        <p
          role="status"
          className="flex gap-2 rounded-md border border-amber-600/50 p-2 text-xs text-amber-800 dark:text-amber-300"
          data-testid="refresh-error"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {account.refreshError}. The figures are the last good ones, as of{' '}
            {dates.dateTime(account.refreshedAt!)}.
          </span>
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Reading
          label="XRP balance"
          value={account.balanceXrp === null ? null : formatXrp(account.balanceXrp)}
          reason={notRead}
        />
        <Reading
          label="Reserve locked"
          value={account.reserveXrp === null ? null : formatXrp(account.reserveXrp)}
          reason={neverRead ? notRead : 'the ledger’s reserve settings have not been read yet'}
        />
        <Reading
          label="Spendable XRP"
          value={account.spendableXrp === null ? null : formatXrp(account.spendableXrp)}
          reason={neverRead ? notRead : 'needs the reserve'}
        />
        <Reading
          label="As of"
          value={account.refreshedAt === null ? null : dates.dateTime(account.refreshedAt)}
          reason={notRead}
        />
      </dl>
      <Section title={`Tokens (${account.tokens.length})`} open={account.tokens.length > 0}>
        <Tokens account={account} />
      </Section>
      <Section title={`Recent payments (${account.payments.length})`}>
        <Payments account={account} />
      </Section>
      <Section title={`Alerts${rules ? ` (${rules.length})` : ''}`} open={(rules?.length ?? 0) > 0}>
        <AccountAlerts userId={userId} account={account} rules={rules} />
      </Section>
    </li>
  );
}
