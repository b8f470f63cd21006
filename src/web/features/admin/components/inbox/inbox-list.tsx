import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  INBOX_STATUS_FILTERS,
  inboxStatusFilterLabels,
  topicLabels,
  type InboxQuestion,
  type InboxView,
  type InboxStatusFilter,
  type QuestionTopic,
} from '@/domain/questions/questions.schema';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { Pager } from '@/web/components/pager';
import { LastActivity, TopicOptions } from '@/web/features/questions';
import { cn } from '@/web/lib/cn';
import { inboxListQuery, type InboxParams } from '../../api/inbox';
import { StatusBadge, awaitsReply, memberName } from './question-badges';

const views: readonly (readonly [InboxView, string])[] = [
  ['unassigned', 'Unassigned'],
  ['mine', 'Mine'],
  ['all', 'All'],
];

const emptyText: Record<InboxView, string> = {
  unassigned: 'No unassigned questions. New questions from members arrive here.',
  mine: 'No questions are assigned to you. Open one and choose “Assign to me” to take it.',
  all: 'No questions yet. Premium members ask from the Ask an Analyst page.',
};

/** The element id of a question's link in the list: where the focus returns from its thread. */
export const questionLinkId = (id: string) => `inbox-question-${id}`;

function QuestionRow({ question }: { question: InboxQuestion }) {
  const waiting = awaitsReply(question);
  return (
    <li
      data-testid="inbox-row"
      className={cn(
        'relative flex flex-col gap-2 rounded-lg border p-3 hover:bg-accent/40',
        waiting && 'border-l-4 border-l-primary',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium [overflow-wrap:anywhere]">
          <Link
            id={questionLinkId(question.id)}
            to={{ search: `?tab=inbox&question=${encodeURIComponent(question.id)}` }}
            className="text-primary underline-offset-4 after:absolute after:inset-0 hover:underline"
          >
            <span dir="auto">{question.subject}</span>
          </Link>
        </h3>
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={question.status} />
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="[overflow-wrap:anywhere]">
          <span className="sr-only">Member: </span>
          <span dir="auto" className="font-medium text-foreground">
            {memberName(question.member)}
          </span>
        </span>
        <span>{question.topic ? topicLabels[question.topic] : 'No topic'}</span>
        <span>{question.assignee ? `Assigned to ${question.assignee.name}` : 'Unassigned'}</span>
        <LastActivity at={question.lastActivityAt} />
      </p>
    </li>
  );
}

export const LIST_HEADING_ID = 'inbox-heading';

/** The view switch (with the counts of questions not closed), the filters, and a page of questions. */
export function InboxList({
  params,
  onChange,
}: {
  params: InboxParams;
  onChange: (change: Partial<InboxParams>) => void;
}) {
  const list = useQuery(inboxListQuery(params));
  const data = list.data;
  // The default (open or answered) is the view itself, not a filter to clear.
  const filtered = (params.status !== null && params.status !== 'active') || params.topic !== null;
  // Paging resets the page; every other change starts again at page 1.
  const change = (next: Partial<InboxParams>) => onChange({ page: 1, ...next });

  // A page emptied since (questions closed or taken elsewhere): back to the last page there is.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : params.page;
  const pastTheEnd = Boolean(data && !list.isPlaceholderData && params.page > lastPage);
  useEffect(() => {
    if (pastTheEnd) onChange({ page: lastPage });
  }, [pastTheEnd, lastPage, onChange]);

  return (
    <div className="flex flex-col gap-4">
      <div
        role="group"
        aria-label="Questions to show"
        className="grid grid-cols-3 gap-1 rounded-md bg-muted p-1"
      >
        {views.map(([view, label]) => (
          <Button
            key={view}
            variant="ghost"
            size="sm"
            aria-pressed={params.view === view}
            onClick={() => change({ view })}
            className={cn(
              // Narrow screens put the count under the label: the three fit on one line at 390 px.
              'h-auto min-h-9 flex-col gap-0.5 px-2 py-1.5 text-muted-foreground sm:flex-row sm:gap-2',
              params.view === view && 'bg-background text-foreground shadow-sm hover:bg-background',
            )}
          >
            {label}{' '}
            <span
              data-testid={`inbox-count-${view}`}
              className="rounded-full bg-secondary px-2 text-xs text-secondary-foreground"
            >
              {data ? data.counts[view] : '–'}
            </span>
          </Button>
        ))}
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">Counts are of questions not closed.</p>

      <div role="search" aria-label="Filter questions" className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="inbox-status">Status</Label>
          <Select
            id="inbox-status"
            value={params.status ?? ''}
            onChange={(event) => change({ status: (event.target.value || null) as InboxStatusFilter | null })}
          >
            <option value="">Any status</option>
            {INBOX_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {inboxStatusFilterLabels[status]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="inbox-topic">Topic</Label>
          <Select
            id="inbox-topic"
            value={params.topic ?? ''}
            onChange={(event) => change({ topic: (event.target.value || null) as QuestionTopic | null })}
          >
            <option value="">Any topic</option>
            <TopicOptions />
          </Select>
        </div>
      </div>

      {list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-4 text-destructive">
          Failed to load the questions{list.error.message ? `: ${list.error.message}` : ''}
          <Button variant="outline" size="sm" disabled={list.isFetching} onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading questions..." />
      ) : data.questions.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          <p>{filtered ? 'No questions match these filters.' : emptyText[params.view]}</p>
          {filtered && (
            <Button variant="outline" size="sm" onClick={() => change({ status: 'active', topic: null })}>
              Clear filters
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul
            aria-label="Questions, latest activity first"
            aria-busy={list.isFetching}
            className={cn('flex flex-col gap-2', list.isPlaceholderData && 'opacity-60')}
          >
            {data.questions.map((question) => (
              <QuestionRow key={question.id} question={question} />
            ))}
          </ul>
          <Pager
            page={params.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => onChange({ page })}
          />
        </>
      )}
    </div>
  );
}
