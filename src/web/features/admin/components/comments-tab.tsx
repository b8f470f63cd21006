import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { type ModerationFilter, type ModerationItem } from '@/domain/community/community.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input, Label } from '@/web/components/ui/input';
import { focusSoon } from '@/web/components/ui/return-focus';
import { Select } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { Pager } from '@/web/components/pager';
import { cn } from '@/web/lib/cn';
import {
  moderationQuery,
  useDeleteComment,
  useRestoreComment,
  useResumeCommenting,
  type ModerationParams,
} from '../api/admin';
import { ModerationCard, moderationCardId } from './moderation-card';
import { HideDialog, StopDialog } from './moderation-dialogs';
import { authorName, kindLabels, plural, type Author, type KindFilter } from './moderation-shared';

const filterOptions: readonly (readonly [ModerationFilter, string])[] = [
  ['queue', 'Queue'],
  ['reported', 'Reported'],
  ['hidden', 'Hidden'],
  ['removed', 'Removed'],
  ['all', 'All'],
];

interface Filters {
  filter: ModerationFilter;
  type: KindFilter;
  search: string;
}

const initialFilters: Filters = { filter: 'queue', type: 'all', search: '' };

const HEADING_ID = 'moderation-heading';
const MEMBER_BANNER_ID = 'moderation-member';
const byId = (id: string | null | undefined) => (id ? document.getElementById(id) : null);

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
  /** The member to stop, from the card of one of their comments. */
  const [stopping, setStopping] = useState<{ author: Author; item: ModerationItem } | null>(null);
  const bannerTextId = useId();
  const restore = useRestoreComment();
  const remove = useDeleteComment();
  const resume = useResumeCommenting();

  // The search applies 300 ms after the last key (or at once on Enter). Only a changed search goes
  // back to page 1: otherwise the first render's timer would undo a Next pressed within 300 ms.
  useEffect(() => {
    const next = filters.search.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [filters.search, query]);

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

  /**
   * After an action on a card: focus on the card, else (it left the list) on the one that took its
   * place, else on the banner or the heading. `force`: even when the focus is still on a button (that
   * now says the opposite, as "Allow commenting" becomes "Stop commenting").
   */
  const refocus = (item: ModerationItem, { force = false } = {}) => {
    const items = data?.items ?? [];
    const next = items[items.findIndex((other) => other.id === item.id) + 1];
    focusSoon(
      () => [
        byId(moderationCardId(item.id)),
        byId(next && moderationCardId(next.id)),
        byId(MEMBER_BANNER_ID),
        byId(HEADING_ID),
      ],
      { whenLost: !force },
    );
  };

  // Previous and Next: the focus goes to the new page's first comment once it is there.
  const pageFocus = useRef(false);
  const changePage = (next: number) => {
    setPage(next);
    pageFocus.current = true;
  };
  useEffect(() => {
    if (!pageFocus.current || !data || comments.isPlaceholderData) return;
    pageFocus.current = false;
    const first = data.items[0];
    byId(first ? moderationCardId(first.id) : HEADING_ID)?.focus();
  }, [data, comments.isPlaceholderData]);

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
    // The button leaves with the list: the banner says whose comments these are.
    focusSoon(() => [byId(MEMBER_BANNER_ID)]);
  };
  const leaveHistory = () => {
    if (!member) return;
    setFilters(member.before);
    setQuery(member.before.search.trim());
    setMember(null);
    setPage(1);
    focusSoon(() => [byId(HEADING_ID)], { whenLost: true });
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
          <CardTitle id={HEADING_ID} tabIndex={-1}>
            Comments
          </CardTitle>
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
            id={MEMBER_BANNER_ID}
            tabIndex={-1}
            role="region"
            aria-labelledby={bannerTextId}
            data-testid="moderation-member"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-primary/40 p-3 text-sm"
          >
            <p id={bannerTextId} className="min-w-0 [overflow-wrap:anywhere]">
              Showing every comment by{' '}
              <span dir="auto" className="font-medium">
                {member.author.displayName ?? 'No display name'}
              </span>{' '}
              ({member.author.email})
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
                      onRestore: (keep) =>
                        restore.mutate({ id: item.id, keep }, { onSettled: () => refocus(item) }),
                      onDelete: () => setDeleting(item),
                      onHistory:
                        author && member?.author.userId !== author.userId ? () => showHistory(author) : null,
                      onStop: () => author && setStopping({ author, item }),
                      onResume: () =>
                        author &&
                        resume.mutate(
                          { userId: author.userId, name: authorName(author) },
                          {
                            onSuccess: () => refocus(item, { force: true }),
                            onError: () => refocus(item),
                          },
                        ),
                    }}
                  />
                );
              })}
            </ul>
            <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={changePage} />
          </>
        )}
      </CardContent>
      {hiding && (
        <HideDialog
          item={hiding}
          onClose={() => {
            setHiding(null);
            // Hidden, its Hide button is gone (and the card may have left the list).
            refocus(hiding);
          }}
        />
      )}
      {stopping && (
        <StopDialog
          author={stopping.author}
          onClose={(done) => {
            setStopping(null);
            refocus(stopping.item, { force: done });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this comment?"
        description="Its text is deleted for good (the audit log keeps a copy); replies stay under “Comment removed”."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => refocus(deleting) });
          setDeleting(null);
        }}
      />
    </Card>
  );
}
