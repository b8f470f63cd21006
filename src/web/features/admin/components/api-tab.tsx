import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { nextSyncLabel, syncFrequencyUpdateSchema, type ApiSourceDto } from '@/domain/sync/sync.schema';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { BackfillPanel } from './backfill-panel';
import { TasksPanel } from './tasks-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { cn } from '@/web/lib/cn';
import { refusal, useSchemaForm } from '@/web/lib/form';
import {
  sourcesQuery,
  syncLogsQuery,
  useCleanupSyncs,
  useTriggerSync,
  useUpdateFrequency,
} from '../api/admin';
import { useDates } from '@/web/lib/preferences';
import { TableScroll } from '@/web/components/ui/table-scroll';

const statusClass: Record<string, string> = {
  active: 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400',
  success: 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400',
  inactive: 'text-muted-foreground',
  error: 'border-red-600/40 text-red-700 dark:text-red-400',
  in_progress: 'border-amber-600/40 text-amber-700 dark:text-amber-400',
};

function StatusBadge({ status }: { status: string }) {
  return <Badge className={cn(statusClass[status])}>{status.replace('_', ' ')}</Badge>;
}

/** The current time, ticking every 30 s, so 'Next sync' counts down without a refetch. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function FrequencyForm({ source }: { source: ApiSourceDto }) {
  const update = useUpdateFrequency();
  const form = useSchemaForm(syncFrequencyUpdateSchema, {
    syncFrequencyMinutes: source.syncFrequencyMinutes || 60,
  });
  const { errors } = form.formState;
  const error = errors.syncFrequencyMinutes?.message;
  const save = form.handleSubmit((input) =>
    update.mutate(
      { id: source.id, minutes: input.syncFrequencyMinutes },
      { onError: (failure) => form.setError('root', refusal(failure)) },
    ),
  );
  const id = `frequency-${source.id}`;
  // The label wraps the input so the Save button sits on the input's line (Field stacks its error).
  return (
    <form noValidate onSubmit={save} className="flex flex-wrap items-end gap-2">
      {errors.root && (
        <div className="w-full">
          <FormAlert>{errors.root.message}</FormAlert>
        </div>
      )}
      <label htmlFor={id} className="flex flex-col gap-1 text-sm font-medium">
        Sync every (minutes)
        <Input
          id={id}
          type="number"
          step={1}
          className="w-28"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('syncFrequencyMinutes', { valueAsNumber: true })}
        />
      </label>
      <Button type="submit" variant="outline" size="sm" disabled={update.isPending}>
        Save
      </Button>
      {error && (
        <p id={`${id}-error`} className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

function SourcesPanel() {
  const dates = useDates();
  const sources = useQuery(sourcesQuery);
  const trigger = useTriggerSync();
  const cleanup = useCleanupSyncs();
  const now = useNow();
  if (sources.isPending) return <Spinner label="Loading..." />;
  if (sources.isError)
    return (
      <p role="alert" className="text-destructive">
        Failed to load API data
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button variant="outline" onClick={() => cleanup.mutate(undefined)} disabled={cleanup.isPending}>
          Clean Up Stuck Syncs
        </Button>
      </div>
      {sources.data.map((source) => (
        <Card key={source.id} data-testid="api-source">
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
            <div>
              <CardTitle className="flex items-center gap-2">
                {source.name} <StatusBadge status={source.status} />
              </CardTitle>
              {source.description && <p className="text-sm text-muted-foreground">{source.description}</p>}
            </div>
            <Button
              size="sm"
              disabled={source.status === 'inactive' || source.running || trigger.isPending}
              onClick={() => trigger.mutate({ id: source.id, name: source.name })}
              aria-label={`Sync ${source.name} now`}
            >
              {source.running ? 'Syncing...' : 'Sync Now'}
            </Button>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">Next sync</dt>
                <dd data-testid="next-sync">{nextSyncLabel(source.nextSyncAt, now)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Last sync</dt>
                <dd data-testid="last-sync">{source.lastSyncAt ? dates.age(source.lastSyncAt) : 'Never'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Requests</dt>
                <dd>{source.totalRequests}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Success / errors</dt>
                <dd>
                  {source.successCount} / {source.errorCount}
                </dd>
              </div>
            </dl>
            {source.lastError && (
              <p data-testid="last-error" className="text-sm [overflow-wrap:anywhere]">
                <span className="font-medium text-destructive">Last error</span>{' '}
                <time dateTime={source.lastError.at} title={dates.dateTime(source.lastError.at)}>
                  ({dates.age(source.lastError.at)})
                </time>
                : {source.lastError.message}
              </p>
            )}
            <FrequencyForm source={source} />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function SyncLogsPanel() {
  const dates = useDates();
  const logs = useQuery(syncLogsQuery);
  if (logs.isPending) return <Spinner label="Loading..." />;
  if (logs.isError)
    return (
      <p role="alert" className="text-destructive">
        Failed to load API data
      </p>
    );
  if (logs.data.length === 0) return <p className="text-sm text-muted-foreground">No syncs yet.</p>;
  return (
    <TableScroll label="Sync logs">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">Source</th>
            <th className="py-2 pr-4 font-medium">Status</th>
            <th className="py-2 pr-4 font-medium">Started</th>
            <th className="py-2 pr-4 font-medium">Duration</th>
            <th className="py-2 pr-4 font-medium">Records</th>
            <th className="py-2 font-medium">Details</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {logs.data.map((log) => (
            <tr key={log.id} data-testid="sync-log">
              <td className="py-2 pr-4">
                {log.apiSource}
                <span className="block text-xs text-muted-foreground">{log.syncType}</span>
              </td>
              <td className="py-2 pr-4">
                <StatusBadge status={log.status} />
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{dates.dateTime(log.startedAt)}</td>
              <td className="py-2 pr-4">{log.durationMs === null ? '—' : `${log.durationMs} ms`}</td>
              <td className="py-2 pr-4">{log.recordsProcessed}</td>
              <td className="py-2 break-words">
                {log.errorMessage ? (
                  <span className="text-destructive">{log.errorMessage}</span>
                ) : (
                  <span className="text-muted-foreground">{log.details ?? ''}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Admin → API Management: sub-tabs API Sources (with the ledger backfill) and Sync Logs, both live,
 * and the tasks.
 */
export function ApiTab() {
  return (
    <Tabs defaultValue="sources">
      <TabsList>
        <TabsTrigger value="sources">API Sources</TabsTrigger>
        <TabsTrigger value="logs">Sync Logs</TabsTrigger>
        <TabsTrigger value="tasks">Background Tasks</TabsTrigger>
      </TabsList>
      <TabsContent value="sources" className="flex flex-col gap-4">
        <BackfillPanel />
        <SourcesPanel />
      </TabsContent>
      <TabsContent value="logs">
        <Card>
          <CardContent className="pt-6">
            <SyncLogsPanel />
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="tasks">
        <Card>
          <CardContent className="pt-6">
            <TasksPanel />
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}
