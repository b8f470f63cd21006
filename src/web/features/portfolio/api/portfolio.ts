import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { accountMoveRuleInputSchema } from '@/domain/alerts/alerts.schema';
import type { Lot, PortfolioRange } from '@/domain/portfolio/portfolio.schema';
import { api, unwrap, unwrapEmpty } from '@/web/lib/api-client';
import { downloadFile } from '@/web/lib/download';
import { toast } from '@/web/lib/toast';

/** A "payments of at least N XRP" rule for one watched account, as its form gives it. */
export type AccountMoveRule = z.output<typeof accountMoveRuleInputSchema>;

/** Everything of the portfolio (summary, accounts, lots): a change to any of them changes the totals. */
const portfolioKey = ['portfolio'] as const;
/** The same key as the alerts page's rules, so both pages share one list. */
const rulesKey = (userId: string) => ['alerts', 'rules', userId] as const;

/** `GET /api/portfolio?range=`: the insights. */
export const summaryQuery = (userId: string, range: PortfolioRange) =>
  queryOptions({
    queryKey: [...portfolioKey, 'summary', userId, range],
    queryFn: () => unwrap(api.portfolio.$get({ query: { range } })),
    enabled: Boolean(userId),
    // Switching the chart's range keeps the figures on screen while the new range loads.
    placeholderData: keepPreviousData,
  });

export const accountsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...portfolioKey, 'accounts', userId],
    queryFn: () => unwrap(api.portfolio.accounts.$get()),
    enabled: Boolean(userId),
  });

export const lotsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...portfolioKey, 'lots', userId],
    queryFn: () => unwrap(api.portfolio.lots.$get()),
    enabled: Boolean(userId),
  });

export const accountRulesQuery = (userId: string) =>
  queryOptions({
    queryKey: rulesKey(userId),
    queryFn: () => unwrap(api.alerts.rules.$get()),
    enabled: Boolean(userId),
  });

const errorToast = (title: string) => (error: Error) => toast.error(title, { description: error.message });

function usePortfolioMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  messages: { success?: (output: Output, input: Input) => string; failure: string },
  alsoInvalidate: readonly (readonly unknown[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (output, input) => {
      if (messages.success) toast.success(messages.success(output, input));
      return Promise.all(
        [portfolioKey, ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: errorToast(messages.failure),
  });
}

/** The form's address as typed (classic or X-address) and its name: the server reads the address. */
export function useAddAccount() {
  return usePortfolioMutation(
    (input: { address: string; label: string }) => unwrap(api.portfolio.accounts.$post({ json: input })),
    { success: (account) => `Now watching ${account.label}`, failure: 'Failed to add the account' },
  );
}

export function useRenameAccount() {
  return usePortfolioMutation(
    ({ id, label }: { id: string; label: string }) =>
      unwrap(api.portfolio.accounts[':id'].$patch({ param: { id }, json: { label } })),
    { success: (account) => `Renamed to ${account.label}`, failure: 'Failed to rename the account' },
  );
}

export function useRemoveAccount(userId: string) {
  return usePortfolioMutation(
    ({ id }: { id: string; label: string }) =>
      unwrapEmpty(api.portfolio.accounts[':id'].$delete({ param: { id } })),
    { success: (_, { label }) => `Stopped watching ${label}`, failure: 'Failed to remove the account' },
    // Its alert rules go with it.
    [rulesKey(userId)],
  );
}

export function useCreateLot() {
  return usePortfolioMutation((lot: Lot) => unwrap(api.portfolio.lots.$post({ json: lot })), {
    success: () => 'Holding added',
    failure: 'Failed to add the holding',
  });
}

export function useUpdateLot() {
  return usePortfolioMutation(
    ({ id, lot }: { id: string; lot: Lot }) =>
      unwrap(api.portfolio.lots[':id'].$put({ param: { id }, json: lot })),
    { success: () => 'Holding saved', failure: 'Failed to save the holding' },
  );
}

export function useDeleteLot() {
  return usePortfolioMutation(
    (id: string) => unwrapEmpty(api.portfolio.lots[':id'].$delete({ param: { id } })),
    { success: () => 'Holding deleted', failure: 'Failed to delete the holding' },
  );
}

/** A refused import (422) names each bad line in its `issues` ("line 3"): nothing was imported. */
const importLots = (csv: string) => unwrap(api.portfolio.lots.import.$post({ json: { csv } }));

export function useImportLots() {
  return usePortfolioMutation(importLots, {
    success: ({ imported }) => `Imported ${imported} ${imported === 1 ? 'holding' : 'holdings'}`,
    failure: 'Nothing was imported',
  });
}

export const LOTS_EXPORT_PATH = '/api/portfolio/lots/export';

/** Downloads the lots file the import reads back (the server names it). */
export const downloadLots = (): Promise<void> => downloadFile(LOTS_EXPORT_PATH, 'xrp-portfolio-lots.csv');

export function useCreateAccountRule(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: AccountMoveRule) => unwrap(api.alerts.rules.$post({ json: rule })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey(userId) }),
    onError: errorToast('Failed to set alert'),
  });
}

export function useDeleteAccountRule(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrapEmpty(api.alerts.rules[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      toast.success('Alert deleted');
      return queryClient.invalidateQueries({ queryKey: rulesKey(userId) });
    },
    onError: errorToast('Failed to delete alert'),
  });
}
