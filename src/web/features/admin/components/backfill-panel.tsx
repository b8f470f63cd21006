import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { formatCountOf, formatInteger } from '@/domain/format/format';
import { BACKFILL_MAX_DAYS, backfillRequestSchema, type Backfill } from '@/domain/whales/backfill.schema';
import { LEDGERS_PER_DAY } from '@/domain/whales/ledger-ranges';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormAlert } from '@/web/components/ui/form-alert';
import { NumberInput } from '@/web/components/ui/number-input';
import { Spinner } from '@/web/components/ui/spinner';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { useDates } from '@/web/lib/preferences';
import { backfillQuery, useCancelBackfill, useStartBackfill } from '../api/admin';

const statusLabel: Record<Backfill['status'], string> = {
  running: 'Running',
  done: 'Finished',
  cancelled: 'Cancelled',
};

function StartForm({ running }: { running: boolean }) {
  const start = useStartBackfill();
  const form = useSchemaForm(backfillRequestSchema, { days: 7 });
  const error = form.formState.errors.days?.message;
  const submit = form.handleSubmit((input) =>
    start.mutate(input, { onError: (failure) => form.setError('root', refusal(failure)) }),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
      {form.formState.errors.root && (
        <div className="w-full">
          <FormAlert>{form.formState.errors.root.message}</FormAlert>
        </div>
      )}
      <label htmlFor="backfill-days" className="flex flex-col gap-1 text-sm font-medium">
        Days back (1–{BACKFILL_MAX_DAYS})
        <Controller
          control={form.control}
          name="days"
          render={({ field }) => (
            <NumberInput
              {...field}
              id="backfill-days"
              inputMode="numeric"
              className="w-28"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'backfill-days-error' : undefined}
            />
          )}
        />
      </label>
      <Button type="submit" size="sm" disabled={running || start.isPending}>
        Start backfill
      </Button>
      {error && (
        <p id="backfill-days-error" className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

/** What a backfill has read, found and reached, in the admin's zone. */
function Progress({ backfill }: { backfill: Backfill }) {
  const dates = useDates();
  const cancel = useCancelBackfill();
  const { ledgersTotal: total, ledgersScanned: scanned } = backfill;
  const percent = total ? Math.min(100, Math.floor((scanned / total) * 100)) : total === 0 ? 100 : null;
  return (
    <div className="flex flex-col gap-3" data-testid="backfill-progress">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge>{statusLabel[backfill.status]}</Badge>
        <span>
          {formatCountOf(backfill.days, 'day')} back, asked for{' '}
          <time dateTime={backfill.createdAt}>{dates.dateTime(backfill.createdAt)}</time>
        </span>
      </p>
      {total === null ? (
        <p className="text-sm text-muted-foreground">
          Waiting for its first run: the XRPL Ledger Backfill source below runs it (Sync Now starts it at
          once).
        </p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label="Ledgers read"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? 0}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent ?? 0}%` }} />
          </div>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Ledgers read</dt>
              <dd data-testid="backfill-read">
                {formatInteger(scanned)} of {formatInteger(total)} ({percent}%)
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Window</dt>
              <dd>
                {backfill.fromLedger === null || backfill.toLedger === null
                  ? '—'
                  : `Ledgers ${backfill.fromLedger}–${backfill.toLedger}`}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Read back to</dt>
              <dd data-testid="backfill-oldest">
                {backfill.oldestLedger === null || backfill.oldestClosedAt === null ? (
                  '— (no ledger read yet)'
                ) : (
                  <>
                    Ledger {backfill.oldestLedger}, closed{' '}
                    <time dateTime={backfill.oldestClosedAt}>{dates.dateTime(backfill.oldestClosedAt)}</time>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Found (not stored before)</dt>
              <dd data-testid="backfill-found">
                {formatCountOf(backfill.whalePayments, 'whale payment')},{' '}
                {formatCountOf(backfill.exchangePayments, 'exchange payment')}
              </dd>
            </div>
          </dl>
        </>
      )}
      {backfill.note && <p className="text-sm text-muted-foreground">{backfill.note}</p>}
      {backfill.finishedAt && (
        <p className="text-sm text-muted-foreground">
          {statusLabel[backfill.status]}{' '}
          <time dateTime={backfill.finishedAt}>{dates.dateTime(backfill.finishedAt)}</time>
        </p>
      )}
      {backfill.status === 'running' && (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => cancel.mutate(undefined)}
            disabled={cancel.isPending}
          >
            Cancel backfill
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Admin → API Management: reading past ledgers for whale payments and exchange flows, with the
 * progress of the latest backfill (read again every 5 s while it runs).
 */
export function BackfillPanel() {
  const state = useQuery(backfillQuery);
  const backfill = state.data?.backfill ?? null;
  return (
    <Card data-testid="ledger-backfill">
      <CardHeader>
        <CardTitle as="h2">Ledger backfill</CardTitle>
        <CardDescription>
          Reads past ledgers for whale payments and exchange flows, newest first, in batches in the background
          (about {formatInteger(LEDGERS_PER_DAY)} ledgers a day of history). At most {BACKFILL_MAX_DAYS} days
          back, and never before the oldest ledger the XRPL server keeps; exchange payments are kept 90 days.
          What is read is recorded ledger by ledger: a restart resumes where it stopped, and nothing is read
          twice.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state.isPending ? (
          <Spinner label="Loading..." />
        ) : state.isError ? (
          <p role="alert" className="text-destructive">
            Failed to load the backfill
          </p>
        ) : (
          <>
            {backfill ? (
              <Progress backfill={backfill} />
            ) : (
              <p className="text-sm text-muted-foreground">
                No backfill yet: the site's history begins with the first ledger it read.
              </p>
            )}
            <StartForm running={backfill?.status === 'running'} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
