import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CommentOrder, Participation } from '@/domain/community/community.schema';
import { Pager } from '@/web/components/pager';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { useSession } from '@/web/lib/session';
import { toast } from '@/web/lib/toast';
import { commentsQuery, usePostComment } from '../api/community';
import { commentCountText } from '../lib/format';
import { CommentForm } from './comment-form';
import { CommentThread } from './comment-item';
import {
  canPost,
  DISCUSSION_HEADING_ID,
  DiscussionContext,
  ProfileCancelled,
  type DiscussionContextValue,
  type ReplyTarget,
} from './discussion-context';
import { ProfileDialog } from './profile-dialog';

export const EMPTY_TEXT = 'No comments yet. Start the discussion.';
const NEW_COMMENT_BOX = 'new-comment';

const orders: readonly (readonly [CommentOrder, string])[] = [
  ['newest', 'Newest'],
  ['oldest', 'Oldest'],
];

/** The element a `#fragment` names (a malformed escape is taken as written). */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The comment a `#comment-<id>` address names, or null. */
function commentIdOf(hash: string): string | null {
  const id = fragmentId(hash);
  return id.startsWith('comment-') && UUID.test(id.slice(8)) ? id.slice(8) : null;
}

/** Scrolls a comment into view, gives it the focus and lights it up for a moment. */
function spotlight(element: HTMLElement) {
  // jsdom has no scrollIntoView.
  element.scrollIntoView?.({ block: 'center' });
  element.focus({ preventScroll: true });
  element.dataset.highlight = 'true';
  window.setTimeout(() => delete element.dataset.highlight, 2500);
}

/**
 * The discussion under a news article, a research post or a weekly analysis (`subject`: `news:<id>`,
 * `research:<id>`, `analysis:<week>`): its threads a page at a time, newest or oldest first, the
 * composer for those who may post and what stops the others. New comments arrive live (the server's
 * `comment` event refreshes `['comments', subject]`). A `#comment-<id>` address (a reply's
 * notification) scrolls to that comment once it is on the page.
 */
export function Discussion({ subject }: { subject: string }) {
  const { user, isPremium, isAdmin, loading } = useSession();
  const viewerKey = `${user?.id ?? ''}:${isPremium}:${isAdmin}`;
  const { hash, pathname, search } = useLocation();
  const [order, setOrder] = useState<CommentOrder>('newest');
  // A link to one comment (a reply's notification) asks the server for the page holding it: null
  // until that answer names the page.
  const [focus, setFocus] = useState<string | null>(() => commentIdOf(hash));
  const [page, setPage] = useState<number | null>(() => (focus ? null : 1));
  const list = useQuery({
    ...commentsQuery(subject, order, page ?? 1, viewerKey, page === null ? focus : null),
    enabled: !loading,
  });
  if (page === null && list.data && !list.isPlaceholderData) setPage(list.data.page);
  const post = usePostComment(subject);
  const focusedHash = useRef<string | null>(focus ? hash : null);
  const section = useRef<HTMLElement>(null);

  const [replyTarget, setReplyTarget] = useState<ReplyTarget | null>(null);
  const [profileDialog, setProfileDialog] = useState<'first' | 'edit' | null>(null);
  const [profileSaved, setProfileSaved] = useState(false);
  const waiting = useRef<{ resolve(): void; reject(error: Error): void } | null>(null);
  const [waitingBox, setWaitingBox] = useState<string | null>(null);

  // A comment just posted, and the #fragment already scrolled to.
  const [revealId, setRevealId] = useState<string | null>(null);
  const revealed = useRef<string | null>(null);
  const handledHash = useRef<string | null>(null);
  useEffect(() => {
    if (!list.data) return;
    if (revealId && revealId !== revealed.current) {
      const element = document.getElementById(`comment-${revealId}`);
      if (element) {
        revealed.current = revealId;
        spotlight(element);
      }
    }
    if (hash && hash !== handledHash.current) {
      const id = fragmentId(hash);
      if (id === 'comments') {
        handledHash.current = hash;
        section.current?.scrollIntoView?.();
      } else if (id.startsWith('comment-')) {
        const element = document.getElementById(id);
        if (element) {
          handledHash.current = hash;
          spotlight(element);
        } else if (focusedHash.current !== hash && commentIdOf(hash)) {
          // Not on this page: ask once for the page that holds it.
          focusedHash.current = hash;
          setFocus(commentIdOf(hash));
          setPage(null);
        }
      }
    }
  }, [list.data, hash, revealId]);

  const failed = list.isError && !(list.error instanceof ApiError && list.error.status === 403);
  useEffect(() => {
    if (failed) toast.error('The comments could not be loaded', { description: list.error?.message });
  }, [failed, list.error]);

  const data = list.data;
  // Comments deleted since: a page past the last shows the last.
  const lastPage = data ? Math.max(1, Math.ceil(data.threads / data.pageSize)) : 1;
  if (data && !list.isPlaceholderData && page !== null && page > lastPage) setPage(lastPage);

  const participation: Participation = data?.participation ?? {
    status: user ? 'ok' : 'guest',
    message: null,
    moderator: false,
    profile: null,
  };
  const context: DiscussionContextValue = {
    subject,
    participation,
    ensureProfile: (boxId) =>
      participation.status !== 'needs_profile' || profileSaved
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiting.current = { resolve, reject };
            setWaitingBox(boxId);
            setProfileDialog('first');
          }),
    replyTarget,
    setReplyTarget,
  };
  const closeProfile = (saved: boolean) => {
    if (saved) {
      setProfileSaved(true);
      waiting.current?.resolve();
    } else waiting.current?.reject(new ProfileCancelled());
    waiting.current = null;
    setProfileDialog(null);
  };

  const changeOrder = (next: CommentOrder) => {
    setOrder(next);
    setPage(1);
  };
  // Previous and Next move the view up to the comments, and the focus to the new page's first
  // comment once it is there (the button pressed may be disabled on it, or gone).
  const pageFocus = useRef(false);
  const changePage = (next: number) => {
    setPage(next);
    pageFocus.current = true;
    section.current?.scrollIntoView?.();
  };
  useEffect(() => {
    if (!pageFocus.current || !list.data || list.isPlaceholderData) return;
    pageFocus.current = false;
    const first =
      section.current?.querySelector<HTMLElement>('article[id^="comment-"]') ??
      document.getElementById(DISCUSSION_HEADING_ID);
    first?.focus({ preventScroll: true });
  }, [list.data, list.isPlaceholderData]);

  let body;
  if (list.isPending) body = <Spinner label="Loading comments..." className="py-8" />;
  else if (list.isError)
    body =
      list.error instanceof ApiError && list.error.status === 403 ? (
        <FormAlert tone="info">{list.error.message}</FormAlert>
      ) : (
        <FormAlert>
          <span>{list.error.message}</span>
          <Button variant="outline" size="sm" className="self-start" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </FormAlert>
      );
  else {
    const loaded = list.data;
    body = (
      <>
        <Composer
          participation={participation}
          returnTo={`${pathname}${search}#comments`}
          onEditName={() => {
            // Opened from its own button, where the focus goes back.
            setWaitingBox(null);
            setProfileDialog('edit');
          }}
          onSubmit={async (text) => {
            await context.ensureProfile(NEW_COMMENT_BOX);
            const comment = await post.mutateAsync({ body: text });
            setRevealId(comment.id);
            if (order === 'newest') setPage(1);
            // Oldest first, a new thread is the last one.
            else setPage(Math.max(1, Math.ceil((loaded.threads + 1) / loaded.pageSize)));
          }}
        />
        {loaded.comments.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{EMPTY_TEXT}</p>
        ) : (
          <ol
            aria-label="Comments"
            aria-busy={list.isPlaceholderData || undefined}
            className={cn('flex flex-col divide-y', list.isPlaceholderData && 'opacity-60')}
          >
            {loaded.comments.map((comment) => (
              <CommentThread key={comment.id} comment={comment} onPosted={setRevealId} />
            ))}
          </ol>
        )}
        <Pager page={loaded.page} pageSize={loaded.pageSize} total={loaded.threads} onPage={changePage} />
      </>
    );
  }

  return (
    <DiscussionContext value={context}>
      <section
        ref={section}
        id="comments"
        aria-labelledby={DISCUSSION_HEADING_ID}
        className="flex scroll-mt-24 flex-col gap-5 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* Focusable from script: where the focus goes when the comment that had it leaves. */}
          <h2
            id={DISCUSSION_HEADING_ID}
            tabIndex={-1}
            className="flex scroll-mt-24 items-center gap-2 text-xl font-semibold"
          >
            <MessageSquare className="size-5 text-primary" aria-hidden="true" />
            {data && data.count > 0 ? commentCountText(data.count) : 'Comments'}
          </h2>
          {data && data.threads > 1 && (
            <div role="group" aria-label="Order of comments" className="inline-flex rounded-md border p-0.5">
              {orders.map(([value, label]) => (
                <Button
                  key={value}
                  variant={order === value ? 'secondary' : 'ghost'}
                  size="sm"
                  className="h-8"
                  aria-pressed={order === value}
                  onClick={() => changeOrder(value)}
                >
                  {label}
                </Button>
              ))}
            </div>
          )}
        </div>
        {body}
      </section>
      {data && canPost(participation) && (
        <ProfileDialog
          open={profileDialog !== null}
          mode={profileDialog ?? 'edit'}
          message={participation.message}
          profile={participation.profile}
          onOpenChange={(open) => {
            if (!open) closeProfile(false);
          }}
          onSaved={() => closeProfile(true)}
          returnFocusTo={waitingBox}
        />
      )}
    </DiscussionContext>
  );
}

/** What the viewer may do here: write, or why not (sign in, verify, stopped, blocked). */
function Composer({
  participation,
  returnTo,
  onEditName,
  onSubmit,
}: {
  participation: Participation;
  returnTo: string;
  onEditName(): void;
  onSubmit(body: string): Promise<void>;
}) {
  if (participation.status === 'guest')
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground sm:flex-1">
          Members discuss every article, research post and weekly analysis here.
        </p>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          <Button asChild size="sm">
            <Link to="/auth" state={{ from: returnTo }}>
              {participation.message ?? 'Sign in to join the discussion'}
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to="/auth?tab=signup" state={{ from: returnTo }}>
              Create a free account
            </Link>
          </Button>
        </div>
      </div>
    );
  if (!canPost(participation))
    return (
      <FormAlert tone="info">{participation.message ?? 'You cannot take part in this discussion.'}</FormAlert>
    );
  return (
    <div className="flex flex-col gap-2">
      <CommentForm
        id={NEW_COMMENT_BOX}
        label="Add a comment"
        hideLabel
        placeholder="Join the discussion..."
        submitLabel="Post comment"
        pendingLabel="Posting..."
        failureTitle="Your comment was not posted"
        onSubmit={onSubmit}
      />
      {participation.profile && (
        <p className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
          {/* No full stop after the name: a name may end with one ("Nina N."). */}
          <span className="[overflow-wrap:anywhere]">
            Commenting as{' '}
            <span dir="auto" className="font-medium text-foreground">
              {participation.profile.displayName}
            </span>
            {participation.profile.expertise && (
              <>
                {' '}
                (<span dir="auto">{participation.profile.expertise}</span>)
              </>
            )}
          </span>
          <span aria-hidden="true">·</span>
          <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onEditName}>
            Edit your discussion name
          </Button>
        </p>
      )}
    </div>
  );
}
