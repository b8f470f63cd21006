import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SupplyRange } from '@/domain/supply/supply.schema';
import { api, unwrap } from '@/web/lib/api-client';

/** The supply is read from the ledger hourly: a page left open rereads it every ten minutes. */
const TEN_MINUTES = 10 * 60_000;

/** Everyone: the latest reading. */
export const supplyQuery = queryOptions({
  queryKey: ['supply', 'latest'],
  queryFn: () => unwrap(api.supply.$get()),
  refetchInterval: TEN_MINUTES,
});

/** Premium only: each day's last reading and the XRP burned that day. */
export const supplyHistoryQuery = (range: SupplyRange, timeZone: string) =>
  queryOptions({
    queryKey: ['supply', 'history', range, timeZone],
    queryFn: () => unwrap(api.supply.history.$get({ query: { range, tz: timeZone } })),
    refetchInterval: TEN_MINUTES,
    placeholderData: keepPreviousData,
  });

/** Premium only: Ripple's escrows by the month they unlock, in the member's zone. */
export const escrowCalendarQuery = (timeZone: string) =>
  queryOptions({
    queryKey: ['supply', 'escrows', timeZone],
    queryFn: () => unwrap(api.supply.escrows.$get({ query: { tz: timeZone } })),
    refetchInterval: TEN_MINUTES,
  });
