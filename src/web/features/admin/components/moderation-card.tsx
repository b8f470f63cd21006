import { ExternalLink, ThumbsUp } from 'lucide-react';
import { useId } from 'react';
import { parseSubject, reportReasons, type ModerationItem } from '@/domain/community/community.schema';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';
import { plural, kindLabels } from './moderation-shared';

const reasonLabels: Record<string, string> = Object.fromEntries(
  reportReasons.map((reason) => [reason.value, reason.label]),
);

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

export interface ItemActions {
  onHide: () => void;
  onRestore: (keep: boolean) => void;
  onDelete: () => void;
  onHistory: (() => void) | null;
  onStop: () => void;
  onResume: () => void;
  busy: boolean;
}

/** The element id of an item's card: where the focus goes after an action on it. */
export const moderationCardId = (id: string) => `moderation-${id}`;

export function ModerationCard({ item, actions }: { item: ModerationItem; actions: ItemActions }) {
  const dates = useDates();
  const headingId = useId();
  const subject = parseSubject(item.subject);
  const kind = subject ? kindLabels[subject.type] : 'Page';
  const openReports = item.reports.filter((report) => report.open).length;
  const { author } = item;
  return (
    <li data-testid="moderation-item" className="rounded-lg border p-4">
      <article
        id={moderationCardId(item.id)}
        tabIndex={-1}
        aria-labelledby={headingId}
        className="flex min-w-0 scroll-mt-24 flex-col gap-3 rounded-sm"
      >
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
              <span dir="auto" className="font-medium">
                {author.displayName ?? 'No display name'}
              </span>{' '}
              <span className="text-muted-foreground">{author.email}</span>
            </p>
          ) : (
            <p className="italic text-muted-foreground">Deleted member</p>
          )}
          {author?.stoppedAt && (
            <p className="text-destructive [overflow-wrap:anywhere]">
              Stopped from commenting since {dates.dateTime(author.stoppedAt)}
              {author.stoppedReason && (
                <>
                  : <span dir="auto">{author.stoppedReason}</span>
                </>
              )}
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
            <span className="font-medium">Reason for hiding:</span>{' '}
            <span dir="auto">{item.hiddenReason}</span>
          </p>
        )}

        {/* Plain text as the member wrote it: React escapes it, and line breaks are kept. */}
        {item.body ? (
          <p
            data-testid="moderation-body"
            dir="auto"
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
                    <span dir="auto" className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                      {report.details}
                    </span>
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
