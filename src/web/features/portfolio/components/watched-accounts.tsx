import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { WATCHED_ACCOUNTS_MAX, type WatchedAccountView } from '@/domain/portfolio/portfolio.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { accountRulesQuery, accountsQuery, useRemoveAccount } from '../api/portfolio';
import { AccountItem } from './account-item';
import { AddAccountForm } from './add-account-form';

/** The watched accounts: the form to add one, and each with its reading, tokens, payments, alerts. */
export function WatchedAccountsCard({ userId }: { userId: string }) {
  const accounts = useQuery(accountsQuery(userId));
  const rules = useQuery(accountRulesQuery(userId));
  const remove = useRemoveAccount(userId);
  const [removing, setRemoving] = useState<WatchedAccountView | null>(null);
  const rulesOf = (accountId: string) =>
    rules.data?.rules.filter((rule) => rule.kind === 'account_move' && rule.watchedAccountId === accountId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Watched accounts</CardTitle>
        <CardDescription>
          XRP Ledger accounts you hold, read from the ledger: balance, reserve, tokens and payments. Up to{' '}
          {WATCHED_ACCOUNTS_MAX}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AddAccountForm />
        {accounts.isPending ? (
          <Spinner label="Loading your accounts..." />
        ) : accounts.isError ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert" className="text-sm text-destructive">
              Failed to load your accounts: {accounts.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void accounts.refetch()}>
              Try Again
            </Button>
          </div>
        ) : accounts.data.accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="accounts-empty">
            No accounts watched yet. Add an address above to follow its balance.
          </p>
        ) : (
          <>
            {rules.isError && (
              <p role="alert" className="text-sm text-destructive">
                Failed to load your alerts: {rules.error.message}
              </p>
            )}
            <ul className="divide-y" aria-label="Watched accounts">
              {accounts.data.accounts.map((account) => (
                <AccountItem
                  key={account.id}
                  userId={userId}
                  account={account}
                  rules={rulesOf(account.id)}
                  onRemove={setRemoving}
                />
              ))}
            </ul>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Stop watching ${removing?.label ?? 'this account'}?`}
        description="Its stored payments and its alerts are deleted too. Nothing changes on the ledger."
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          if (removing) remove.mutate({ id: removing.id, label: removing.label });
          setRemoving(null);
        }}
      />
    </Card>
  );
}
