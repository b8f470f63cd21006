import type { CommentReply } from '@/domain/community/community.schema';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { formatInteger } from '@/domain/format/format';

/** A moderator's tools on a comment: its open reports, why it is hidden, and Hide, Restore, Delete. */
export function ModerationBar({
  name,
  comment,
  moderation,
  restoring,
  onHide,
  onRestore,
  onDelete,
}: {
  name: string;
  comment: CommentReply;
  moderation: NonNullable<CommentReply['moderation']>;
  restoring: boolean;
  onHide(): void;
  onRestore(): void;
  onDelete(): void;
}) {
  const openReports = moderation.openReports;
  return (
    <div
      role="group"
      aria-label={`Moderate the comment by ${name}`}
      className="flex flex-wrap items-center gap-2 rounded-md border border-dashed px-2 py-1.5 text-xs"
    >
      <span className="font-medium text-muted-foreground">Moderation</span>
      {openReports > 0 && (
        <Badge className="border-destructive/50 text-destructive">
          {openReports === 1 ? '1 open report' : `${formatInteger(openReports)} open reports`}
        </Badge>
      )}
      {comment.state === 'hidden' && (
        <span className="text-muted-foreground [overflow-wrap:anywhere]">
          {moderation.hiddenBy === 'reports' ? 'Hidden by members’ reports' : 'Hidden by a moderator'}
          {moderation.hiddenReason && `: ${moderation.hiddenReason}`}
        </span>
      )}
      <span className="ml-auto flex flex-wrap gap-1">
        {comment.state === 'visible' && (
          <Button variant="outline" size="sm" className="h-7 px-2 text-xs" onClick={onHide}>
            Hide
          </Button>
        )}
        {(comment.state === 'hidden' || openReports > 0) && (
          <Button
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs"
            disabled={restoring}
            title={
              comment.state === 'hidden'
                ? 'Show it to members again and close its reports'
                : 'Keep it as it is and close its reports'
            }
            onClick={onRestore}
          >
            Restore
          </Button>
        )}
        {!comment.mine && (
          <Button
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs text-destructive"
            onClick={onDelete}
          >
            Delete
          </Button>
        )}
      </span>
    </div>
  );
}
