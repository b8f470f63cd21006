import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { questionMessages, topicLabels } from '@/domain/questions/questions.schema';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { ApiError } from '@/web/lib/api-client';
import { inboxThreadQuery } from '../../api/inbox';
import { Composer } from './composer';
import { StatusBadge, memberName } from './question-badges';
import { ThreadMessages } from './thread-messages';
import { ThreadSidebar } from './thread-sidebar';

export const THREAD_HEADING_ID = 'inbox-thread-heading';

/** One question: its messages oldest first and the composer, beside who asked and what to do with it. */
export function ThreadPanel({ id, onBack }: { id: string; onBack: () => void }) {
  const dates = useDates();
  const thread = useQuery(inboxThreadQuery(id));
  const data = thread.data;

  // Opened from the list or a link: the focus goes to the question's heading once it is there.
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(data);
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, id]);

  const back = (
    <Button variant="ghost" size="sm" className="self-start" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      Back to inbox
    </Button>
  );

  if (thread.isError) {
    const missing = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          {back}
          <div role="alert" className="flex flex-wrap items-center gap-4 text-destructive">
            {missing ? questionMessages.notFound : `Failed to load the question: ${thread.error.message}`}
            {!missing && (
              <Button
                variant="outline"
                size="sm"
                disabled={thread.isFetching}
                onClick={() => void thread.refetch()}
              >
                Try Again
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    );
  }
  if (!data)
    return (
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          {back}
          <Spinner label="Loading the question..." />
        </CardContent>
      </Card>
    );

  return (
    <Card>
      <CardHeader className="gap-3">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle
            id={THREAD_HEADING_ID}
            ref={heading}
            tabIndex={-1}
            dir="auto"
            className="min-w-0 [overflow-wrap:anywhere] focus:outline-none"
          >
            {data.subject}
          </CardTitle>
          <div className="flex flex-wrap gap-1">
            <StatusBadge status={data.status} />
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          <span dir="auto">{memberName(data.member)}</span> asked{' '}
          <time dateTime={data.createdAt}>{dates.dateTime(data.createdAt)}</time>
          {data.topic && ` · ${topicLabels[data.topic]}`}
        </p>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <ThreadMessages thread={data} />
          {/* Keyed by the question: a draft belongs to its question. */}
          <Composer key={data.id} thread={data} />
        </div>
        <ThreadSidebar thread={data} />
      </CardContent>
    </Card>
  );
}
