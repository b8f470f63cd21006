import { useQuery } from '@tanstack/react-query';
import { ExternalLink, ThumbsUp } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  hideInputSchema,
  parseSubject,
  reportReasons,
  stopCommentingSchema,
  type CommentSubjectType,
  type ModerationFilter,
  type ModerationItem,
} from '@/domain/community/community.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Input, Label } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { Pager } from '@/web/components/pager';
import { useDates } from '@/web/features/preferences';
import { cn } from '@/web/lib/cn';
import { refusal, useSchemaForm } from '@/web/lib/form';
import {
  moderationQuery,
  useDeleteComment,
  useHideComment,
  useRestoreComment,
  useResumeCommenting,
  useStopCommenting,
  type ModerationParams,
} from '../api/admin';

type KindFilter = 'all' | CommentSubjectType;
type Author = NonNullable<ModerationItem['author']>;

const filterOptions: readonly (readonly [ModerationFilter, string])[] = [
  ['queue', 'Queue'],
  ['reported', 'Reported'],
  ['hidden', 'Hidden'],
  ['removed', 'Removed'],
  ['all', 'All'],
];

const kindLabels: Record<KindFilter, string> = {
  all: 'All',
  news: 'News',
  research: 'Research',
  analysis: 'Weekly analysis',
};

const reasonLabels: Record<string, string> = Object.fromEntries(
  reportReasons.map((reason) => [reason.value, reason.label]),
);

const authorName = (author: Author) => author.displayName ?? author.email;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function StateBadge({ item }: { item: ModerationItem }) {
  if (item.state === 'visible') return <Badge>Visible</Badge>;
  if (item.state === 'hidden')
    return (
      <Badge className="border-premium/50 text-premium">
        {item.hiddenBy === 'reports' ? 'Hidden by reports' : 'Hidden by a moderator'}
      </Badge>
    );
  const by =
    item.removedBy === 'author'
      ? 'Removed by the author'
      : item.removedBy === 'account_deleted'
        ? 'Removed: account deleted'
        : 'Removed by a moderator';
  return <Badge className="border-destructive/50 text-destructive">{by}</Badge>;
}

/** A reason of 3 to 500 characters, checked with the schema the route validates it with. */
function ReasonDialog(props: {
  title: string;
  description: string;
  submitLabel: string;
  schema: typeof hideInputSchema | typeof stopCommentingSchema;
  pending: boolean;
  onSubmit: (reason: string, refused: (error: Error) => void) => void;
  onClose: () => void;
}) {
  const id = useId();
  const form = useSchemaForm(props.schema, { reason: '' });
  const { errors } = form.formState;
  const reason = form.watch('reason') ?? '';
  const submit = form.handleSubmit(({ reason: text }) =>
    props.onSubmit(text, (failure) => form.setError('root', refusal(failure))),
  );
  const field = `${id}-reason`;
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent title={props.title} description={props.description}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
          <div className="flex flex-col gap-2">
            <Label htmlFor={field}>Reason</Label>
            <Textarea
              id={field}
              rows={4}
              className="min-h-24"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={`${field}-count${errors.reason ? ` ${field}-error` : ''}`}
              {...form.register('reason')}
            />
            <p id={`${field}-count`} className="text-xs text-muted-foreground">
              {reason.trim().length} / 500 characters (at least 3)
            </p>
            {errors.reason && (
              <p id={`${field}-error`} className="text-sm text-destructive">
                {errors.reason.message}
              </p>
            )}
          </div>
          <Button type="submit" variant="destructive" disabled={props.pending} className="self-end">
            {props.pending ? 'Saving...' : props.submitLabel}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function HideDialog({ item, onClose }: { item: ModerationItem; onClose: () => void }) {
  const hide = useHideComment();
  return (
    <ReasonDialog
      title="Hide comment"
      description="Members will no longer see this comment; its open reports are closed. You can restore it later."
      submitLabel="Hide comment"
      schema={hideInputSchema}
      pending={hide.isPending}
      onClose={onClose}
      onSubmit={(reason, refused) =>
        hide.mutate({ id: item.id, reason }, { onSuccess: onClose, onError: refused })
      }
    />
  );
}

function StopDialog({ author, onClose }: { author: Author; onClose: () => void }) {
  const stop = useStopCommenting();
  const name = authorName(author);
  return (
    <ReasonDialog
      title="Stop commenting"
      description={`${name} (${author.email}) will still read, like and report, but cannot post or edit comments. They are shown this reason.`}
      submitLabel="Stop commenting"
      schema={stopCommentingSchema}
      pending={stop.isPending}
      onClose={onClose}
      onSubmit={(reason, refused) =>
        stop.mutate({ userId: author.userId, reason, name }, { onSuccess: onClose, onError: refused })
      }
    />
  );
}

interface ItemActions {
  onHide: () => void;
  onRestore: (keep: boolean) => void;
  onDelete: () => void;
  onHistory: (() => void) | null;
  onStop: () => void;
  onResume: () => void;
  busy: boolean;
}

function ModerationCard({ item, actions }: { item: ModerationItem; actions: ItemActions }) {
  const dates = useDates();
  const headingId = useId();
  const subject = parseSubject(item.subject);
  const kind = subject ? kindLabels[subject.type] : 'Page';
  const openReports = item.reports.filter((report) => report.open).length;
  const { author } = item;
  return (
    <li data-testid="moderation-item" className="rounded-lg border p-4">
      <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="min-w-0 font-medium [overflow-wrap:anywhere]">
            <span className="text-muted-foreground">{kind}: </span>
            {item.subjectTitle ? (
              <a
                href={item.path}
                target="_blank"
                rel="noreferrer"
                className="text-primary underline-offset-4 hover:underline"
              >
                {item.subjectTitle}
                <ExternalLink className="ml-1 inline size-3.5 align-baseline" aria-hidden="true" />
                <span className="sr-only"> (opens the comment in a new tab)</span>
              </a>
            ) : (
              <span className="italic">page no longer exists</span>
            )}
          </h3>
          <div className="flex flex-wrap gap-1">
            {item.parentId && <Badge className="text-muted-foreground">Reply</Badge>}
            <StateBadge item={item} />
          </div>
        </div>

        <div className="text-sm">
          {author ? (
            <p className="[overflow-wrap:anywhere]">
              <span className="font-medium">{author.displayName ?? 'No display name'}</span>{' '}
              <span className="text-muted-foreground">{author.email}</span>
            </p>
          ) : (
            <p className="italic text-muted-foreground">Deleted member</p>
          )}
          {author?.stoppedAt && (
            <p className="text-destructive [overflow-wrap:anywhere]">
              Stopped from commenting since {dates.dateTime(author.stoppedAt)}
              {author.stoppedReason ? `: ${author.stoppedReason}` : ''}
            </p>
          )}
        </div>

        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>
            Posted <time dateTime={item.createdAt}>{dates.dateTime(item.createdAt)}</time>
          </span>
          {item.editedAt && (
            <span>
              Edited <time dateTime={item.editedAt}>{dates.dateTime(item.editedAt)}</time>
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <ThumbsUp className="size-3" aria-hidden="true" />
            {plural(item.likes, 'like', 'likes')}
          </span>
        </p>

        {item.state === 'hidden' && item.hiddenReason && (
          <p className="text-sm [overflow-wrap:anywhere]">
            <span className="font-medium">Reason for hiding:</span> {item.hiddenReason}
          </p>
        )}

        {/* Plain text as the member wrote it: React escapes it, and line breaks are kept. */}
        {item.body ? (
          <p
            data-testid="moderation-body"
            className="whitespace-pre-wrap rounded-md bg-muted p-3 text-sm [overflow-wrap:anywhere]"
          >
            {item.body}
          </p>
        ) : (
          <p className="rounded-md bg-muted p-3 text-sm italic text-muted-foreground">
            The text was deleted.
          </p>
        )}

        {item.reports.length > 0 && (
          <section aria-label="Reports" className="flex flex-col gap-2">
            <h4 className="text-sm font-medium">
              {plural(item.reports.length, 'report', 'reports')} · {openReports} open
            </h4>
            <ul className="flex flex-col gap-2 text-sm">
              {item.reports.map((report, index) => (
                <li
                  key={`${report.createdAt}-${index}`}
                  data-testid="moderation-report"
                  className="flex flex-col gap-0.5 border-l-2 pl-3"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{reasonLabels[report.reason] ?? report.reason}</span>
                    <Badge
                      className={cn(report.open ? 'border-premium/50 text-premium' : 'text-muted-foreground')}
                    >
                      {report.open ? 'Open' : 'Closed'}
                    </Badge>
                  </span>
                  {report.details && (
                    <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{report.details}</span>
                  )}
                  <time className="text-xs text-muted-foreground" dateTime={report.createdAt}>
                    {dates.dateTime(report.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className="flex flex-wrap gap-2">
          {item.state !== 'removed' && (
            <div role="group" aria-label="Comment actions" className="flex flex-wrap gap-2">
              {item.state === 'visible' && (
                <Button variant="outline" size="sm" disabled={actions.busy} onClick={actions.onHide}>
                  Hide
                </Button>
              )}
              {item.state === 'visible' && openReports > 0 && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={actions.busy}
                  onClick={() => actions.onRestore(true)}
                >
                  Keep
                </Button>
              )}
              {item.state === 'hidden' && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={actions.busy}
                  onClick={() => actions.onRestore(false)}
                >
                  Restore
                </Button>
              )}
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                disabled={actions.busy}
                onClick={actions.onDelete}
              >
                Delete
              </Button>
            </div>
          )}
          {author && (
            <div role="group" aria-label="Member actions" className="flex flex-wrap gap-2">
              {actions.onHistory && (
                <Button variant="outline" size="sm" onClick={actions.onHistory}>
                  Member&apos;s history
                </Button>
              )}
              {author.stoppedAt ? (
                <Button variant="outline" size="sm" disabled={actions.busy} onClick={actions.onResume}>
                  Allow commenting
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled={actions.busy} onClick={actions.onStop}>
                  Stop commenting
                </Button>
              )}
            </div>
          )}
        </div>
      </article>
    </li>
  );
}

interface Filters {
  filter: ModerationFilter;
  type: KindFilter;
  search: string;
}

const initialFilters: Filters = { filter: 'queue', type: 'all', search: '' };

/**
 * The admin's Comments tab: the moderation queue (reported and hidden comments, oldest first) or any
 * comments, by kind of page, text, and one member's history; hide with a reason, restore or keep,
 * delete, and stop or allow a member's commenting. Every action is audited by the server.
 */
export function CommentsTab() {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  /** One member's history, and the filters to go back to. */
  const [member, setMember] = useState<{ author: Author; before: Filters } | null>(null);
  const [hiding, setHiding] = useState<ModerationItem | null>(null);
  const [deleting, setDeleting] = useState<ModerationItem | null>(null);
  const [stopping, setStopping] = useState<Author | null>(null);
  const restore = useRestoreComment();
  const remove = useDeleteComment();
  const resume = useResumeCommenting();

  // The search applies 300 ms after the last key (or at once on Enter).
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(filters.search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [filters.search]);

  const params: ModerationParams = {
    filter: filters.filter,
    type: filters.type,
    q: query,
    author: member?.author.userId ?? null,
    page,
  };
  const comments = useQuery(moderationQuery(params));
  const data = comments.data;

  // After an action empties the last page, go back to the last page there is (adjusted while rendering).
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : page;
  if (data && !comments.isPlaceholderData && data.items.length === 0 && page > lastPage) setPage(lastPage);

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(filters.search.trim());
    setPage(1);
  };
  const showHistory = (author: Author) => {
    setMember((current) => ({ author, before: current?.before ?? filters }));
    setFilters({ filter: 'all', type: 'all', search: '' });
    setQuery('');
    setPage(1);
  };
  const leaveHistory = () => {
    if (!member) return;
    setFilters(member.before);
    setQuery(member.before.search.trim());
    setMember(null);
    setPage(1);
  };

  const narrowed = filters.filter !== 'queue' || filters.type !== 'all' || query !== '' || member !== null;
  const busy = (id: string, userId: string | null) =>
    (restore.isPending && restore.variables?.id === id) ||
    (remove.isPending && remove.variables === id) ||
    (resume.isPending && resume.variables?.userId === userId);

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-1">
          <CardTitle>Comments</CardTitle>
          <CardDescription aria-live="polite" data-testid="moderation-waiting">
            {data
              ? data.waiting === 0
                ? 'Nothing waiting for review'
                : `${plural(data.waiting, 'comment', 'comments')} waiting for review`
              : '\u00a0'}
          </CardDescription>
        </div>
        <form
          role="search"
          aria-label="Filter comments"
          onSubmit={submitSearch}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_minmax(0,1fr)]"
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="moderation-filter">Show</Label>
            <Select
              id="moderation-filter"
              value={filters.filter}
              onChange={(event) => change({ filter: event.target.value as ModerationFilter })}
            >
              {filterOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="moderation-type">Kind of page</Label>
            <Select
              id="moderation-type"
              value={filters.type}
              onChange={(event) => change({ type: event.target.value as KindFilter })}
            >
              {(Object.entries(kindLabels) as [KindFilter, string][]).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-1">
            <Label htmlFor="moderation-search">Search</Label>
            <Input
              id="moderation-search"
              type="search"
              maxLength={200}
              placeholder="Text, member name or email"
              value={filters.search}
              onChange={(event) => setFilters((current) => ({ ...current, search: event.target.value }))}
            />
          </div>
        </form>
        {member && (
          <div
            data-testid="moderation-member"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-primary/40 p-3 text-sm"
          >
            <p className="min-w-0 [overflow-wrap:anywhere]">
              Showing every comment by{' '}
              <span className="font-medium">{member.author.displayName ?? 'No display name'}</span> (
              {member.author.email})
            </p>
            <Button variant="outline" size="sm" onClick={leaveHistory}>
              Back to all members
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        {comments.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-4 text-destructive">
            Failed to load comments{comments.error.message ? `: ${comments.error.message}` : ''}
            <Button
              variant="outline"
              size="sm"
              disabled={comments.isFetching}
              onClick={() => void comments.refetch()}
            >
              Retry
            </Button>
          </div>
        ) : !data ? (
          <Spinner label="Loading..." />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {narrowed ? 'No comments match.' : 'Nothing waiting for review.'}
          </p>
        ) : (
          <>
            <ul
              aria-label="Comments"
              aria-busy={comments.isFetching}
              className={cn('flex flex-col gap-4', comments.isPlaceholderData && 'opacity-60')}
            >
              {data.items.map((item) => {
                const author = item.author;
                return (
                  <ModerationCard
                    key={item.id}
                    item={item}
                    actions={{
                      busy: busy(item.id, author?.userId ?? null),
                      onHide: () => setHiding(item),
                      onRestore: (keep) => restore.mutate({ id: item.id, keep }),
                      onDelete: () => setDeleting(item),
                      onHistory:
                        author && member?.author.userId !== author.userId ? () => showHistory(author) : null,
                      onStop: () => author && setStopping(author),
                      onResume: () =>
                        author && resume.mutate({ userId: author.userId, name: authorName(author) }),
                    }}
                  />
                );
              })}
            </ul>
            <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </CardContent>
      {hiding && <HideDialog item={hiding} onClose={() => setHiding(null)} />}
      {stopping && <StopDialog author={stopping} onClose={() => setStopping(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this comment?"
        description="Its text is deleted for good (the audit log keeps a copy); replies stay under “Comment removed”."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </Card>
  );
}
