import { Flag, Heart, MessageSquare, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { EDIT_WINDOW_MINUTES, type Comment, type CommentReply } from '@/domain/community/community.schema';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { focusSoon } from '@/web/components/ui/return-focus';
import { useDates } from '@/web/lib/preferences';
import { LinkifiedText } from '@/web/components/linkified-text';
import { cn } from '@/web/lib/cn';
import {
  useDeleteComment,
  useEditComment,
  useLikeComment,
  useModeratorDelete,
  usePostComment,
  useRestoreComment,
} from '../api/community';
import { formatInteger } from '@/domain/format/format';
import { CommentForm } from './comment-form';
import { canPost, canReact, DISCUSSION_HEADING_ID, useDiscussion } from './discussion-context';
import { HideDialog } from './hide-dialog';
import { ModerationBar } from './moderation-bar';
import { ReportDialog } from './report-dialog';
import { useBefore } from './use-before';
import { Avatar, CommentTime, DELETED_MEMBER, HiddenNotice, REMOVED_TEXT } from './comment-parts';

const authorName = (comment: CommentReply) => comment.author.displayName ?? DELETED_MEMBER;

const commentElement = (id: string) => document.getElementById(`comment-${id}`);
const heading = () => document.getElementById(DISCUSSION_HEADING_ID);
/** One of a comment's own action buttons (`data-action`), to give the focus back to. */
const actionOf = (id: string, action: 'edit' | 'reply') =>
  commentElement(id)?.querySelector(`[data-action="${action}"]`);

/** The comment after this one on the page (a reply, or the next thread), by its element's id. */
function commentAfter(article: HTMLElement | null): string | null {
  const list = article?.closest('section');
  if (!article || !list) return null;
  const comments = [...list.querySelectorAll<HTMLElement>('article[id^="comment-"]')];
  return comments[comments.indexOf(article) + 1]?.id ?? null;
}

const actionClass = 'h-8 gap-1.5 px-2 text-xs text-muted-foreground hover:text-foreground';

/** A discussion's thread: its first comment, the replies under it, and the reply box when open. */
export function CommentThread({ comment, onPosted }: { comment: Comment; onPosted(id: string): void }) {
  const { replyTarget, setReplyTarget, ensureProfile, subject } = useDiscussion();
  const post = usePostComment(subject);
  const replying = replyTarget?.threadId === comment.id ? replyTarget : null;
  const replyBox = `reply-${comment.id}`;
  return (
    <li className="flex flex-col gap-3 py-5 first:pt-0 last:pb-0" data-testid="thread">
      <CommentItem comment={comment} threadId={comment.id} />
      {(comment.replies.length > 0 || replying) && (
        <div className="ml-4 flex flex-col gap-3 border-l-2 pl-3 sm:ml-5 sm:pl-5">
          {comment.replies.length > 0 && (
            <ol className="flex flex-col gap-3" aria-label={`Replies to ${authorName(comment)}`}>
              {comment.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem comment={reply} threadId={comment.id} />
                </li>
              ))}
            </ol>
          )}
          {replying && (
            <CommentForm
              id={replyBox}
              label={`Reply to ${replying.name}`}
              submitLabel="Reply"
              pendingLabel="Replying..."
              failureTitle="Your reply was not posted"
              autoFocus
              onCancel={() => {
                setReplyTarget(null);
                // Back to the Reply button that opened the box (or its comment).
                const { commentId } = replying;
                focusSoon(() => [actionOf(commentId, 'reply'), commentElement(commentId)], {
                  whenLost: true,
                });
              }}
              onSubmit={async (body) => {
                await ensureProfile(replyBox);
                const reply = await post.mutateAsync({ body, parentId: replying.commentId });
                setReplyTarget(null);
                onPosted(reply.id);
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** One comment or reply: who and when, the text (or why there is none), and what the viewer may do. */
export function CommentItem({ comment, threadId }: { comment: CommentReply; threadId: string }) {
  const dates = useDates();
  const { participation, subject, setReplyTarget } = useDiscussion();
  const article = useRef<HTMLElement>(null);
  /**
   * The edit open, with the end of its window when it opened: the form stays until saved or
   * cancelled, even past the window (the server then refuses, and the text stays in the box).
   */
  const [editing, setEditing] = useState<{ until: string | null } | null>(null);
  const [dialog, setDialog] = useState<'delete' | 'report' | 'hide' | 'moderator-delete' | null>(null);
  const editable = useBefore(comment.editableUntil);
  const editWindowOpen = useBefore(editing?.until ?? null);
  const edit = useEditComment(subject);
  const remove = useDeleteComment(subject);
  const like = useLikeComment(subject);
  const restore = useRestoreComment(subject);
  const moderatorDelete = useModeratorDelete(subject);

  const name = authorName(comment);
  const deletedAuthor = comment.author.displayName === null;
  const visible = comment.state === 'visible';
  const moderation = participation.moderator ? comment.moderation : null;
  const likesId = `comment-${comment.id}-likes`;
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const may = {
    like: visible && canReact(participation),
    likeCount: visible && !canReact(participation) && comment.likes > 0,
    reply: visible && canPost(participation),
    edit: visible && comment.mine && editable,
    delete: comment.mine && comment.state !== 'removed',
    report: visible && !comment.mine && canReact(participation),
  };
  const hasActions = Object.values(may).some(Boolean);
  // Hidden or removed meanwhile (by a moderator, in another tab): nothing left to edit.
  if (editing && !(comment.mine && visible && comment.body !== null)) setEditing(null);

  /** After an action that may take the focused button away: the comment, else the heading. */
  const keepFocusHere = () => focusSoon(() => [commentElement(comment.id), heading()], { whenLost: true });
  /** A deletion: the comment if it stays ("Comment removed" above its replies), else the next one. */
  const deleteWith = (run: (id: string) => Promise<unknown>) => {
    const next = commentAfter(article.current);
    const refocus = () =>
      focusSoon(() => [commentElement(comment.id), next ? document.getElementById(next) : null, heading()], {
        whenLost: true,
      });
    // A refusal is toasted by the mutation.
    run(comment.id).then(refocus, refocus);
  };

  let editHint: string | undefined;
  if (editing?.until)
    editHint = editWindowOpen
      ? `You can edit until ${dates.time(editing.until)}.`
      : `The ${EDIT_WINDOW_MINUTES} minutes to edit ended at ${dates.time(editing.until)}: saving may be refused.`;

  let content: ReactNode;
  if (comment.state === 'removed')
    content = <p className="text-sm italic text-muted-foreground">{REMOVED_TEXT}</p>;
  else if (comment.body === null) content = <HiddenNotice comment={comment} />;
  else if (editing)
    content = (
      <CommentForm
        id={`edit-${comment.id}`}
        label="Edit your comment"
        hideLabel
        initialBody={comment.body}
        submitLabel="Save"
        pendingLabel="Saving..."
        failureTitle="Your edit was not saved"
        hint={editHint}
        autoFocus
        onCancel={() => {
          setEditing(null);
          focusSoon(() => [actionOf(comment.id, 'edit'), commentElement(comment.id)], { whenLost: true });
        }}
        onSubmit={async (body) => {
          await edit.mutateAsync({ id: comment.id, body });
          setEditing(null);
          focusSoon(() => [commentElement(comment.id)], { whenLost: true });
        }}
      />
    );
  else content = <LinkifiedText text={comment.body} />;

  return (
    <article
      ref={article}
      id={`comment-${comment.id}`}
      tabIndex={-1}
      aria-label={`Comment by ${name}`}
      data-testid="comment"
      className="flex scroll-mt-24 gap-3 rounded-lg p-2 transition-colors duration-700 data-[highlight=true]:bg-primary/10 sm:p-3"
    >
      <Avatar name={name} deleted={deletedAuthor} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          <span
            dir="auto"
            className={cn('font-semibold [overflow-wrap:anywhere]', deletedAuthor && 'text-muted-foreground')}
          >
            {name}
          </span>
          {comment.author.staff && (
            <Badge className="border-primary/40 text-primary">
              <ShieldCheck className="size-3" aria-hidden="true" />
              Team
            </Badge>
          )}
          {comment.author.expertise && (
            <span dir="auto" className="text-muted-foreground [overflow-wrap:anywhere]">
              {comment.author.expertise}
            </span>
          )}
          <span className="text-muted-foreground" aria-hidden="true">
            ·
          </span>
          <CommentTime value={comment.createdAt} />
          {comment.editedAt && (
            <span
              className="text-xs text-muted-foreground"
              title={`Edited ${dates.dateTime(comment.editedAt)}`}
            >
              edited<span className="sr-only"> {dates.dateTime(comment.editedAt)}</span>
            </span>
          )}
          {comment.state === 'hidden' && comment.body !== null && (
            <Badge className="border-destructive/50 text-destructive">Hidden</Badge>
          )}
        </header>
        {content}
        {!editing && hasActions && (
          <div className="-ml-2 flex flex-wrap items-center gap-x-1">
            {may.like && (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  className={cn(actionClass, comment.liked && 'text-primary')}
                  aria-pressed={comment.liked}
                  aria-label="Like"
                  aria-describedby={likesId}
                  onClick={() => like.mutate({ id: comment.id, like: !comment.liked, likes: comment.likes })}
                >
                  <Heart className={cn(comment.liked && 'fill-current')} aria-hidden="true" />
                  <span aria-hidden="true">{comment.likes > 0 ? formatInteger(comment.likes) : 'Like'}</span>
                </Button>
                <span id={likesId} className="sr-only">
                  {comment.likes === 1 ? '1 like' : `${formatInteger(comment.likes)} likes`}
                </span>
              </>
            )}
            {may.likeCount && (
              <span className="inline-flex items-center gap-1.5 px-2 text-xs text-muted-foreground">
                <Heart className="size-4" aria-hidden="true" />
                {formatInteger(comment.likes)}
                <span className="sr-only">{comment.likes === 1 ? ' like' : ' likes'}</span>
              </span>
            )}
            {may.reply && (
              <Button
                variant="ghost"
                size="sm"
                className={actionClass}
                aria-label={`Reply to ${name}`}
                data-action="reply"
                onClick={() => setReplyTarget({ threadId, commentId: comment.id, name })}
              >
                <MessageSquare aria-hidden="true" />
                Reply
              </Button>
            )}
            {may.edit && (
              <Button
                variant="ghost"
                size="sm"
                className={actionClass}
                data-action="edit"
                onClick={() => setEditing({ until: comment.editableUntil })}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            )}
            {may.delete && (
              <Button variant="ghost" size="sm" className={actionClass} onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            )}
            {may.report &&
              (comment.reportedByMe ? (
                <Button variant="ghost" size="sm" className={actionClass} disabled>
                  <Flag aria-hidden="true" />
                  Reported
                </Button>
              ) : (
                <Button variant="ghost" size="sm" className={actionClass} onClick={() => setDialog('report')}>
                  <Flag aria-hidden="true" />
                  Report
                </Button>
              ))}
          </div>
        )}
        {moderation && comment.state !== 'removed' && (
          <ModerationBar
            name={name}
            comment={comment}
            moderation={moderation}
            restoring={restore.isPending}
            onHide={() => setDialog('hide')}
            onRestore={() => {
              // Restored, the button leaves: the focus stays on the comment.
              restore.mutateAsync(comment.id).then(keepFocusHere, keepFocusHere);
            }}
            onDelete={() => setDialog('moderator-delete')}
          />
        )}
      </div>
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={closeDialog}
        title="Delete your comment?"
        description="It is removed for everyone. Replies to it stay, under “Comment removed”."
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleteWith(remove.mutateAsync)}
      />
      <ConfirmDialog
        open={dialog === 'moderator-delete'}
        onOpenChange={closeDialog}
        title="Delete this comment?"
        description={`${name}'s text is deleted for good. Replies to it stay, under “Comment removed”.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleteWith(moderatorDelete.mutateAsync)}
      />
      <ReportDialog
        open={dialog === 'report'}
        onOpenChange={closeDialog}
        subject={subject}
        commentId={comment.id}
        author={name}
        // Its Report button is now a disabled "Reported": the focus goes to the comment.
        onSent={() => focusSoon(() => [commentElement(comment.id)], { whenLost: true })}
      />
      {participation.moderator && (
        <HideDialog
          open={dialog === 'hide'}
          onOpenChange={closeDialog}
          subject={subject}
          commentId={comment.id}
          onHidden={keepFocusHere}
        />
      )}
    </article>
  );
}
