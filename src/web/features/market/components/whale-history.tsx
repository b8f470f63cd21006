import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { startOfDayIn } from '@/domain/format/dates';
import { parseAmountInput } from '@/domain/format/format';
import { FLOW_KIND_LABELS, FLOW_KINDS } from '@/domain/known-accounts/flow-kind';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input, Label } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { whaleEntitiesQuery, whaleHistoryQuery, type WhaleHistoryFilter } from '../api/market';
import { WhaleRow } from './whale-row';

const FIELDS = ['kind', 'entity', 'min', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

/** The day after a 'yyyy-mm-dd' day; '' for text that is not a day (an edited address). */
const nextDay = (isoDay: string) => {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The filters as the address holds them: days are the member's calendar days, `to` inclusive. */
function toQuery(params: URLSearchParams, timeZone: string): WhaleHistoryFilter {
  const filter: WhaleHistoryFilter = {};
  const kind = params.get('kind');
  const known = FLOW_KINDS.find((candidate) => candidate === kind);
  if (known) filter.kind = known;
  const entity = params.get('entity');
  if (entity) filter.entity = entity;
  const min = parseAmountInput(params.get('min') ?? '');
  if (min) filter.minXrp = min;
  const from = startOfDayIn(params.get('from') ?? '', timeZone);
  if (from) filter.from = from;
  const toDay = params.get('to');
  const to = toDay ? startOfDayIn(nextDay(toDay), timeZone) : null;
  if (to) filter.to = to;
  return filter;
}

/** The whole whale history: filters in the address (so a view can be shared), then pages of 50. */
export function WhaleHistory() {
  const [params, setParams] = useSearchParams();
  const dates = useDates();
  const filter = toQuery(params, dates.settings.timeZone);
  const history = useInfiniteQuery(whaleHistoryQuery(filter));
  const entities = useQuery(whaleEntitiesQuery);
  const [minDraft, setMinDraft] = useState(params.get('min') ?? '');
  const [minError, setMinError] = useState<string | null>(null);
  const listed = useDeferredValue(history.data);
  const whales = listed?.pages.flatMap((page) => page.items) ?? [];

  const set = (field: Field, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(field, value);
    else next.delete(field);
    setParams(next, { replace: true });
  };
  /** The size filter as typed ("30,000,000", "30M"); what is not an amount says so and keeps the list. */
  const commitMin = () => {
    const typed = minDraft.trim();
    const amount = typed ? parseAmountInput(typed) : '';
    setMinError(amount === null ? 'Enter an amount of XRP, such as 1000000 or 1M' : null);
    if (amount !== null) set('min', amount);
  };
  const applyMin = (event: FormEvent) => {
    event.preventDefault();
    commitMin();
  };
  const filtering = FIELDS.some((field) => params.get(field));

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="pt-6">
          <form
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
            aria-label="Filter whale transactions"
            onSubmit={applyMin}
          >
            <div className="flex flex-col gap-1 lg:col-span-1">
              <Label htmlFor="whale-kind">Kind</Label>
              <Select id="whale-kind" value={filter.kind ?? ''} onChange={(e) => set('kind', e.target.value)}>
                <option value="">Every kind</option>
                {FLOW_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {FLOW_KIND_LABELS[kind]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1 lg:col-span-1">
              <Label htmlFor="whale-entity">Entity</Label>
              <Select
                id="whale-entity"
                value={filter.entity ?? ''}
                onChange={(e) => set('entity', e.target.value)}
              >
                <option value="">Anyone</option>
                {filter.entity && !entities.data?.some((entry) => entry.entity === filter.entity) && (
                  <option value={filter.entity}>{filter.entity}</option>
                )}
                {entities.data?.map((entry) => (
                  <option key={entry.entity} value={entry.entity}>
                    {entry.entity}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1 lg:col-span-1">
              <Label htmlFor="whale-min">At least (XRP)</Label>
              <Input
                id="whale-min"
                inputMode="numeric"
                placeholder="Any size"
                value={minDraft}
                aria-invalid={minError ? true : undefined}
                aria-describedby={minError ? 'whale-min-error' : undefined}
                onChange={(e) => setMinDraft(e.target.value)}
                onBlur={commitMin}
              />
              {minError && (
                <p id="whale-min-error" className="text-sm text-destructive">
                  {minError}
                </p>
              )}
            </div>
            {(['from', 'to'] as const).map((field) => (
              <div key={field} className="flex flex-col gap-1 lg:col-span-1">
                <Label htmlFor={`whale-${field}`}>
                  {field === 'from' ? 'From' : 'To'} ({dates.zoneName()})
                </Label>
                <Input
                  id={`whale-${field}`}
                  type="date"
                  value={params.get(field) ?? ''}
                  onChange={(e) => set(field, e.target.value)}
                />
              </div>
            ))}
            <div className="flex items-end gap-2 lg:col-span-1">
              <Button type="submit" variant="outline" className="flex-1">
                Apply
              </Button>
              {filtering && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    setMinDraft('');
                    setMinError(null);
                    setParams(new URLSearchParams(), { replace: true });
                  }}
                >
                  Clear
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-2">
          {history.isPending || (history.data && !listed) ? (
            <div className="py-6">
              <Spinner />
            </div>
          ) : history.isError && whales.length === 0 ? (
            <p role="alert" className="py-6 text-center text-sm text-destructive">
              Could not load whale transactions: {history.error.message}
            </p>
          ) : whales.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground" data-testid="whales-empty">
              {filtering
                ? 'No whale transaction matches these filters.'
                : 'No whale transaction stored yet: they appear as the ledger is read.'}
            </p>
          ) : (
            <>
              <p className="pt-2 text-xs text-muted-foreground">
                Names come from public explorer labels; * marks a name not yet confirmed there by this site.
              </p>
              <ul className="divide-y" data-testid="whale-history">
                {whales.map((whale) => (
                  <WhaleRow key={whale.id} whale={whale} />
                ))}
              </ul>
              {history.isError && (
                <p role="alert" className="py-2 text-center text-sm text-destructive">
                  Could not load more: {history.error.message}. The transactions above are as read.
                </p>
              )}
              <div className="flex justify-center py-3">
                {history.hasNextPage ? (
                  <Button
                    variant="outline"
                    // Not disabled while loading: a disabled button drops the keyboard's focus to the page.
                    onClick={() => {
                      if (!history.isFetchingNextPage) void history.fetchNextPage();
                    }}
                    aria-disabled={history.isFetchingNextPage || undefined}
                  >
                    {history.isFetchingNextPage ? 'Loading…' : 'Older transactions'}
                  </Button>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    {whales.length === 1 ? 'The only transaction' : `All ${whales.length} transactions`}
                    {filtering ? ' matching these filters' : ''}.
                  </p>
                )}
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
