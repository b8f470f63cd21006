import { formatCountOf } from '@/domain/format/format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import {
  ACCOUNT_CATEGORIES,
  CATEGORY_LABELS,
  entityMergeSchema,
  knownAccountInputSchema,
  type KnownAccount,
} from '@/domain/known-accounts/known-accounts.schema';
import { explorerAccountUrl } from '@/domain/xrpl/explorer';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field, SelectField, SwitchField } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Input, Label } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { TableScroll } from '@/web/components/ui/table-scroll';
import { useDates } from '@/web/lib/preferences';
import { refusal, useSchemaForm } from '@/web/lib/form';
import {
  knownAccountsQuery,
  useAddKnownAccount,
  useMergeEntities,
  useUpdateKnownAccount,
} from '../api/admin';

const categoryOptions = ACCOUNT_CATEGORIES.map((category) => [category, CATEGORY_LABELS[category]] as const);
const ORIGIN_LABELS: Record<KnownAccount['origin'], string> = {
  curated: 'shipped with the site',
  admin: 'added by an administrator',
  xrpscan: 'from the XRPScan refresh',
};

/** Names an address, or edits a name (its address stays: name another address instead). */
function AccountDialog({ account, onClose }: { account: KnownAccount | null; onClose: () => void }) {
  const add = useAddKnownAccount();
  const update = useUpdateKnownAccount();
  const form = useSchemaForm(knownAccountInputSchema, {
    address: account?.address ?? '',
    label: account?.label ?? '',
    entity: account?.entity ?? '',
    category: account?.category ?? 'exchange',
    sourceName: account?.sourceName ?? '',
    sourceUrl: account?.sourceUrl ?? '',
  });
  const { errors } = form.formState;
  const pending = add.isPending || update.isPending;
  const submit = form.handleSubmit(({ address, ...fields }) => {
    const onError = (failure: Error) => form.setError('root', refusal(failure));
    if (account) update.mutate({ address: account.address, patch: fields }, { onSuccess: onClose, onError });
    else add.mutate({ address, ...fields }, { onSuccess: onClose, onError });
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={account ? `Edit ${account.label}` : 'Name an account'}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Field
            id="known-address"
            label="Address"
            placeholder="r…"
            readOnly={Boolean(account)}
            error={errors.address?.message}
            {...form.register('address')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="known-label"
              label="Name"
              placeholder="Binance 12"
              error={errors.label?.message}
              {...form.register('label')}
            />
            <Field
              id="known-entity"
              label="Entity"
              placeholder="Binance"
              hint="Flows and reserves are summed per entity"
              error={errors.entity?.message}
              {...form.register('entity')}
            />
          </div>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <SelectField
                id="known-category"
                label="Category"
                value={field.value ?? 'exchange'}
                onChange={field.onChange}
                options={categoryOptions}
              />
            )}
          />
          <Field
            id="known-source-name"
            label="Source of the name"
            placeholder="XRPScan account names"
            error={errors.sourceName?.message}
            {...form.register('sourceName')}
          />
          <Field
            id="known-source-url"
            label="Source link"
            placeholder="https://…"
            hint="A public page where anyone can check the name"
            error={errors.sourceUrl?.message}
            {...form.register('sourceUrl')}
          />
          <Button type="submit" disabled={pending} className="self-end">
            {pending ? 'Saving...' : account ? 'Save Changes' : 'Name Account'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Moves every account of one entity to another's name: two names for one owner. */
/**
 * Merging cannot be undone (the flows recorded under both names are summed again under one), so
 * nothing is chosen at first and the dialog says what will move before the button does it.
 */
function MergeDialog({ accounts, onClose }: { accounts: Record<string, number>; onClose: () => void }) {
  const merge = useMergeEntities();
  const options = [
    ['', 'Choose an entity'] as const,
    ...Object.keys(accounts)
      .toSorted((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
      .map((entity) => [entity, entity] as const),
  ];
  const form = useSchemaForm(entityMergeSchema, { from: '', into: '' });
  const { errors } = form.formState;
  const [from, into] = form.watch(['from', 'into']);
  const ready = Boolean(from && into && from !== into);
  const submit = form.handleSubmit((input) =>
    merge.mutate(input, {
      onSuccess: onClose,
      onError: (failure) => form.setError('root', refusal(failure)),
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Merge two entities">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <Controller
            control={form.control}
            name="from"
            render={({ field }) => (
              <SelectField
                id="merge-from"
                label="Move every account of"
                value={field.value}
                onChange={field.onChange}
                options={options}
              />
            )}
          />
          <Controller
            control={form.control}
            name="into"
            render={({ field }) => (
              <SelectField
                id="merge-into"
                label="Into"
                value={field.value}
                onChange={field.onChange}
                options={options}
              />
            )}
          />
          {ready && (
            <p className="text-sm" data-testid="merge-summary">
              {formatCountOf(accounts[from] ?? 0, 'account')} of {from} and the flows recorded under {from}{' '}
              move to {into}. This cannot be undone.
            </p>
          )}
          <Button type="submit" disabled={!ready || merge.isPending} className="self-end">
            {merge.isPending ? 'Merging...' : ready ? `Merge ${from} into ${into}` : 'Merge'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Admin → Known Accounts: the names whale payments are shown with, where each comes from. */
export function KnownAccountsTab() {
  const dates = useDates();
  const accounts = useQuery(knownAccountsQuery);
  const update = useUpdateKnownAccount();
  const [editing, setEditing] = useState<KnownAccount | 'new' | null>(null);
  const [merging, setMerging] = useState(false);
  // The search and the retired switch live in the address, beside the open tab: a reload or a shared
  // link shows the same rows.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const showRetired = params.get('retired') === '1';
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const needle = search.trim().toLowerCase();
  const shown = (accounts.data ?? []).filter(
    (account) =>
      (showRetired || !account.retiredAt) &&
      (!needle ||
        [account.address, account.label, account.entity].some((text) => text.toLowerCase().includes(needle))),
  );
  // Each live entity with how many named accounts it has.
  const entityAccounts: Record<string, number> = {};
  for (const account of accounts.data ?? [])
    if (!account.retiredAt) entityAccounts[account.entity] = (entityAccounts[account.entity] ?? 0) + 1;
  const entities = Object.keys(entityAccounts);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Known Accounts</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setMerging(true)} disabled={entities.length < 2}>
            Merge Entities
          </Button>
          <Button onClick={() => setEditing('new')}>Name an Account</Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          Whale payments are shown with these names. Each says where it comes from; a name not yet confirmed
          there is shown as such. A retired name names nothing but stays here for the record.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor="known-search">Search by address, name or entity</Label>
            <Input
              id="known-search"
              type="search"
              value={search}
              onChange={(event) => setParam('q', event.target.value)}
            />
          </div>
          <SwitchField
            id="known-show-retired"
            label="Show retired"
            checked={showRetired}
            onCheckedChange={(checked) => setParam('retired', checked ? '1' : '')}
          />
        </div>
        {accounts.isPending ? (
          <Spinner label="Loading..." />
        ) : accounts.isError ? (
          <p role="alert" className="text-destructive">
            Could not load the known accounts: {accounts.error.message}
          </p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No known account matches.</p>
        ) : (
          <TableScroll label="Known accounts">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">Name</th>
                  <th className="py-2 pr-3 font-medium">Entity</th>
                  <th className="py-2 pr-3 font-medium">Address</th>
                  <th className="py-2 pr-3 font-medium">Source</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {shown.map((account) => (
                  <tr key={account.address} data-testid="known-account">
                    <td className="py-2 pr-3 align-top">
                      <span className="font-medium">{account.label}</span>
                      {account.retiredAt && <Badge className="ml-2">Retired</Badge>}
                    </td>
                    <td className="py-2 pr-3 align-top">
                      {account.entity}
                      <span className="block text-xs text-muted-foreground">
                        {CATEGORY_LABELS[account.category]}
                      </span>
                    </td>
                    <td className="py-2 pr-3 align-top font-mono text-xs">
                      <a
                        href={explorerAccountUrl(account.address)}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="hover:underline"
                      >
                        {account.address}
                      </a>
                    </td>
                    <td className="py-2 pr-3 align-top">
                      <a
                        href={account.sourceUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-primary hover:underline"
                      >
                        {account.sourceName}
                      </a>
                      <span className="block text-xs text-muted-foreground">
                        {account.checkedAt
                          ? `Confirmed ${dates.date(account.checkedAt)}`
                          : 'Not yet confirmed from this site'}{' '}
                        · {ORIGIN_LABELS[account.origin]}
                      </span>
                    </td>
                    <td className="py-2 align-top whitespace-nowrap">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Edit ${account.label}`}
                        onClick={() => setEditing(account)}
                      >
                        Edit
                      </Button>{' '}
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`${account.retiredAt ? 'Restore' : 'Retire'} ${account.label}`}
                        disabled={update.isPending}
                        onClick={() =>
                          update.mutate({ address: account.address, patch: { retired: !account.retiredAt } })
                        }
                      >
                        {account.retiredAt ? 'Restore' : 'Retire'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </CardContent>
      {editing && (
        <AccountDialog account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {merging && <MergeDialog accounts={entityAccounts} onClose={() => setMerging(false)} />}
    </Card>
  );
}
