import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Notification, NotificationList as List } from '@/domain/alerts/alerts.schema';
import { useDates } from '@/web/lib/preferences';
import { cn } from '@/web/lib/cn';
import { useMarkRead } from '../api/alerts';

const typeLabels: Record<Notification['type'], string> = {
  price: 'Price',
  whale: 'Whale',
  regulatory: 'Regulatory',
  adoption: 'Adoption',
  reply: 'Reply',
  answer: 'Analyst',
};

/** One delivered alert: unread ones carry a dot; the title links where the alert points. */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen?: (notification: Notification) => void;
}) {
  const dates = useDates();
  const unread = notification.readAt === null;
  const title = <span className="font-medium">{notification.title}</span>;
  const open = () => onOpen?.(notification);
  return (
    <div className="flex gap-3" data-testid="notification">
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          {notification.url === null ? (
            title
          ) : notification.url.startsWith('/') ? (
            <Link to={notification.url} onClick={open} className="hover:underline">
              {title}
            </Link>
          ) : (
            <a
              href={notification.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={open}
              className="hover:underline"
            >
              {title}
            </a>
          )}
          {unread && <span className="sr-only"> (unread)</span>}
        </p>
        <p className="line-clamp-2 text-sm text-muted-foreground">{notification.body}</p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          {typeLabels[notification.type]} ·{' '}
          <time dateTime={notification.createdAt} title={dates.age(notification.createdAt)}>
            {dates.dateTime(notification.createdAt)}
          </time>
        </p>
      </div>
    </div>
  );
}

/** Loading, failure, empty and the list itself; opening an unread alert marks it read. */
export function NotificationList({
  list,
  empty,
  label,
}: {
  list: UseQueryResult<List>;
  empty: string;
  label: string;
}) {
  const markRead = useMarkRead();
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load alerts
      </p>
    );
  if (list.data.items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={label}>
      {list.data.items.map((notification) => (
        <li key={notification.id}>
          <NotificationItem
            notification={notification}
            onOpen={(item) => item.readAt === null && markRead.mutate({ ids: [item.id] })}
          />
        </li>
      ))}
    </ul>
  );
}
